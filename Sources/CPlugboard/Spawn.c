#define _GNU_SOURCE
#include "CPlugboard.h"

#include <errno.h>
#include <fcntl.h>
#include <poll.h>
#include <stdio.h>
#include <string.h>
#include <spawn.h>
#include <sys/syscall.h>
#include <sys/wait.h>
#include <unistd.h>

int pb_pipe_closed_on_exec(int ends[_Nonnull 2]) {
  return pipe2(ends, O_CLOEXEC);
}

int pb_wait_for_end(int pid, int milliseconds) {
  // A descriptor that becomes readable when the process ends (Linux 5.3 and later).
  int process = (int)syscall(SYS_pidfd_open, pid, 0);
  if (process >= 0) {
    struct pollfd waiting = {.fd = process, .events = POLLIN};
    int ready;
    do {
      ready = poll(&waiting, 1, milliseconds);
    } while (ready < 0 && errno == EINTR);
    close(process);
    return ready > 0;
  }
  // Without one, look every millisecond.
  for (int waited = 0;; waited++) {
    siginfo_t info = {0};
    if (waitid(P_PID, (id_t)pid, &info, WEXITED | WNOHANG | WNOWAIT) == 0 && info.si_pid == pid) return 1;
    if (waited >= milliseconds) return 0;
    usleep(1000);
  }
}

int pb_process_is_stopped(int pid) {
  char path[64];
  snprintf(path, sizeof path, "/proc/%d/stat", pid);
  FILE *file = fopen(path, "re");
  if (file == NULL) return 0;
  // `PID (NAME) STATE ...`: the name may hold spaces and parentheses, so the state follows the
  // last parenthesis.
  char line[512];
  size_t count = fread(line, 1, sizeof line - 1, file);
  fclose(file);
  line[count] = 0;
  char *end = strrchr(line, ')');
  return end != NULL && end[1] == ' ' && (end[2] == 'T' || end[2] == 't');
}

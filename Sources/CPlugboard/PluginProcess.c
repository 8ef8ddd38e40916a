#define _GNU_SOURCE
#include "CPlugboard.h"

#include <errno.h>
#include <poll.h>
#include <pthread.h>
#include <signal.h>
#include <stdint.h>
#include <stdio.h>
#include <dirent.h>
#include <stdlib.h>
#include <sys/prctl.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

void pb_line_buffer_standard_output(void) {
  setvbuf(stdout, NULL, _IOLBF, 0);
}

void pb_say_speaker(const char *name) {
  fflush(stdout);
  fprintf(stdout, PB_SPEAKER_NOTE "%s\n", name);
  fflush(stdout);
}

void pb_set_thread_name(const char *name) {
  prctl(PR_SET_NAME, (unsigned long)name, 0, 0, 0);
}

const char *const pb_ended_by_signal = "plugboard: ended by signal ";
static const int pb_fatal_signals[] = {SIGQUIT, SIGABRT, SIGBUS, SIGFPE, SIGILL, SIGSEGV, SIGTRAP};
#define PB_FATAL_SIGNAL_COUNT (sizeof(pb_fatal_signals) / sizeof(pb_fatal_signals[0]))
/// The handler each signal had before (the Swift runtime's crash handler, or the default).
static struct sigaction pb_previous[NSIG];

static void pb_default(int signum) {
  struct sigaction action = {0};
  action.sa_handler = SIG_DFL;
  sigemptyset(&action.sa_mask);
  sigaction(signum, &action, NULL);
}

/// The value SIGQUIT is queued with to ask for every thread's backtrace (`PBTH`).
static const int pb_threads_mark = 0x50425448;

int pb_ask_for_threads(int pid) {
  // Only of a process that catches SIGQUIT: one that does not (not a plugin process yet, or not
  // Plugboard's) would ignore it, as the first process of a namespace, or end without a word.
  char path[64];
  snprintf(path, sizeof path, "/proc/%d/status", pid);
  FILE *status = fopen(path, "re");
  if (status == NULL) return errno;
  char line[256];
  unsigned long long caught = 0;
  while (fgets(line, sizeof line, status) != NULL) {
    if (sscanf(line, "SigCgt: %llx", &caught) == 1) break;
  }
  fclose(status);
  if ((caught & (1ULL << (SIGQUIT - 1))) == 0) return ENOTSUP;
  union sigval mark = {.sival_int = pb_threads_mark};
  return sigqueue(pid, SIGQUIT, mark) == 0 ? 0 : errno;
}

static void pb_fatal_signal(int signum, siginfo_t *info, void *context) {
  // Sent by another process (`kill`, `sigqueue`): it ends the process at once, as it would end
  // any process, unless it asks for the threads' backtraces, which the crash handler writes.
  int sent = info->si_code <= 0;
  int asked = signum == SIGQUIT && info->si_code == SI_QUEUE && info->si_value.sival_int == pb_threads_mark;
  if (!sent || info->si_pid == getpid() || asked) {
    struct sigaction *previous = &pb_previous[signum];
    if (previous->sa_flags & SA_SIGINFO) {
      previous->sa_sigaction(signum, info, context);
    } else if (previous->sa_handler != SIG_DFL && previous->sa_handler != SIG_IGN) {
      previous->sa_handler(signum);
    }
  }
  pb_default(signum);
  // The first process of a process namespace of its own ignores a signal at its default action
  // that it sends itself: sent by another, it ends, saying why in its last words.
  if (sent && info->si_pid != getpid() && getpid() == 1) {
    char words[64];
    int length = snprintf(words, sizeof words, "\n%s%d\n", pb_ended_by_signal, signum);
    write(STDERR_FILENO, words, (size_t)length);
    _exit(128 + signum);
  }
  // A fault comes again as the handler returns, now at the default action; a sent signal is
  // sent again.
  if (sent) raise(signum);
}

int pb_end_on_fatal_signals_from_others(void) {
  struct sigaction action = {0};
  action.sa_sigaction = pb_fatal_signal;
  action.sa_flags = SA_SIGINFO | SA_ONSTACK | SA_NODEFER;
  sigemptyset(&action.sa_mask);
  for (size_t n = 0; n < PB_FATAL_SIGNAL_COUNT; ++n) {
    if (sigaction(pb_fatal_signals[n], &action, &pb_previous[pb_fatal_signals[n]]) != 0) return errno;
  }
  return 0;
}

static void *pb_watch_host(void *argument) {
  struct pollfd connection = {.fd = (int)(intptr_t)argument, .events = POLLRDHUP};
  while (poll(&connection, 1, -1) < 0 && errno == EINTR) {
  }
  pb_end_descendants();
  // The main thread, if it is free, ends the process itself within this time, its output written.
  struct timespec grace = {.tv_sec = 0, .tv_nsec = 200 * 1000 * 1000};
  while (nanosleep(&grace, &grace) < 0 && errno == EINTR) {
  }
  // Else what it printed last, if no thread is printing: a thread that holds the lock may never
  // let it go.
  if (ftrylockfile(stdout) == 0) {
    fflush_unlocked(stdout);
    funlockfile(stdout);
  }
  _exit(0);
  return NULL;
}

int pb_end_with_host(int descriptor) {
  pthread_attr_t attributes;
  if (pthread_attr_init(&attributes) != 0) return errno;
  pthread_attr_setdetachstate(&attributes, PTHREAD_CREATE_DETACHED);
  pthread_attr_setstacksize(&attributes, 64 * 1024);
  pthread_t thread;
  int failed = pthread_create(&thread, &attributes, pb_watch_host, (void *)(intptr_t)descriptor);
  pthread_attr_destroy(&attributes);
  return failed;
}


int pb_contain_descendants(void) {
  if (prctl(PR_SET_CHILD_SUBREAPER, 1, 0, 0, 0) != 0) return errno;
  // A plugin's code that ends the process with `exit` ends what it started too.
  return atexit(pb_end_descendants) == 0 ? 0 : ENOMEM;
}

/// Appends the process IDs that `/proc/self/task/TID/children` lists to `found`, up to `room`;
/// returns how many there are now.
static size_t pb_children_of_thread(const char *thread, pid_t *found, size_t count, size_t room) {
  char path[64];
  snprintf(path, sizeof path, "/proc/self/task/%s/children", thread);
  FILE *file = fopen(path, "re");
  if (file == NULL) return count;
  long pid;
  // Numbered as this process's namespace numbers them: `/proc` is the host's.
  while (count < room && fscanf(file, "%ld", &pid) == 1) found[count++] = pb_local_process_id((pid_t)pid);
  fclose(file);
  return count;
}

void pb_end_descendants(void) {
  enum { room = 256, rounds = 1000 };
  pid_t children[room];
  for (int round = 0; round < rounds; ++round) {
    size_t count = 0;
    DIR *threads = opendir("/proc/self/task");
    if (threads == NULL) return;
    struct dirent *thread;
    while ((thread = readdir(threads)) != NULL) {
      if (thread->d_name[0] != '.') count = pb_children_of_thread(thread->d_name, children, count, room);
    }
    closedir(threads);
    if (count == 0) return;
    for (size_t n = 0; n < count; ++n) kill(children[n], SIGKILL);
    // Reaped, their own children become this process's: the next round ends them.
    for (size_t n = 0; n < count; ++n) waitpid(children[n], NULL, __WALL);
  }
}

#define _GNU_SOURCE
#include "CPlugboard.h"

#include <errno.h>
#include <fcntl.h>
#include <sched.h>
#include <pthread.h>
#include <signal.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mount.h>
#include <sys/syscall.h>
#include <sys/wait.h>
#include <unistd.h>

pid_t pb_local_process_id(pid_t outer) {
  char path[64];
  snprintf(path, sizeof path, "/proc/%d/status", (int)outer);
  FILE *file = fopen(path, "re");
  if (file == NULL) return outer;
  // `NSpid:	16458	1`: its ID in each namespace from the outermost in, the last its own's.
  char line[256];
  pid_t local = outer;
  while (fgets(line, sizeof line, file) != NULL) {
    if (strncmp(line, "NSpid:", 6) != 0) continue;
    char *last = strrchr(line, '\t');
    if (last == NULL) last = strrchr(line, ' ');
    if (last != NULL) local = (pid_t)atol(last + 1);
    break;
  }
  fclose(file);
  return local;
}

/// The variable in which a plugin process started in namespaces of its own finds its ID as the
/// host's namespace numbers it, written by the process itself before it mounted its own `/proc`.
#define PB_OUTER_PROCESS_NAME "PLUGBOARD_OUTER_PROCESS"
#define PB_OUTER_PROCESS PB_OUTER_PROCESS_NAME "="

pid_t pb_outer_process_id(void) {
  const char *told = getenv(PB_OUTER_PROCESS_NAME);
  if (told != NULL && atol(told) > 0) return (pid_t)atol(told);
  // Else `/proc` is the host's: its `self` names this process as the host's namespace numbers it.
  char target[32];
  ssize_t length = readlink("/proc/self", target, sizeof target - 1);
  if (length <= 0) return getpid();
  target[length] = 0;
  return (pid_t)atol(target);
}

/// What the child of ``pb_spawn_plugin_process`` needs, prepared by its parent: between `clone`
/// and `execve` the child calls only what a signal handler may.
struct pb_spawn_plan {
  const char *path;
  char *const *arguments;
  char *const *environment;
  int socket;
  int output;
  int null;
  int report;
  bool mapped;
  char userMap[64];
  char groupMap[64];
  /// `PLUGBOARD_OUTER_PROCESS=` and room for the ID the child writes, one of its environment's.
  char outer[48];
};

// The child shares the host's memory until it starts the program: it makes the kernel's calls
// itself, never through a library function that a sanitizer intercepts and that would then update
// the host's own bookkeeping (its signal handlers, its descriptors) from the child.
#define PB_UNINSTRUMENTED __attribute__((no_sanitize("thread", "address", "undefined")))

/// glibc's `clone`, under the name a sanitizer does not intercept: the thread sanitizer takes a
/// `clone` for a `fork`, and a child that shares its parent's memory breaks its bookkeeping.
extern int __clone(int (*function)(void *), void *stack, int flags, void *argument, ...);

PB_UNINSTRUMENTED static int pb_write_whole(const char *path, const char *text) {
  long file = syscall(SYS_openat, AT_FDCWD, path, O_WRONLY | O_CLOEXEC);
  if (file < 0) return -1;
  size_t length = 0;
  while (text[length] != 0) length++;
  long written = syscall(SYS_write, file, text, length);
  syscall(SYS_close, file);
  return written == (long)length ? 0 : -1;
}

/// A signal's action as the kernel's `rt_sigaction` takes it.
struct pb_default_action {
  void *handler;
  unsigned long flags;
  void *restorer;
  uint64_t mask;
};

PB_UNINSTRUMENTED static int pb_spawned(void *context) {
  struct pb_spawn_plan *plan = context;
  // Its own user, as itself, in the user namespace that owns its process namespace.
  if (plan->mapped && ((pb_write_whole("/proc/self/setgroups", "deny") != 0 && errno != ENOENT) ||
                       pb_write_whole("/proc/self/uid_map", plan->userMap) != 0 ||
                       pb_write_whole("/proc/self/gid_map", plan->groupMap) != 0)) {
    goto failed;
  }
  if (plan->mapped) {
    // Its ID as the host's `/proc` names it, for its environment; then a `/proc` of its own
    // process namespace, in a mount namespace of its own: what reads `/proc` in it (the Swift
    // runtime's backtracer, which finds threads and images there) sees its own processes, under
    // the IDs they have, and none of the host's. Where the kernel refuses the mount, the host's
    // `/proc` stays.
    char self[24] = {0};
    long length = syscall(SYS_readlinkat, AT_FDCWD, "/proc/self", self, sizeof self - 1);
    size_t at = sizeof PB_OUTER_PROCESS - 1;
    for (long index = 0; index < length && at < sizeof plan->outer - 1; index++) plan->outer[at++] = self[index];
    plan->outer[at] = 0;
    if (syscall(SYS_mount, NULL, "/", NULL, MS_REC | MS_PRIVATE, NULL) == 0) {
      syscall(SYS_mount, "proc", "/proc", "proc", MS_NOSUID | MS_NODEV | MS_NOEXEC, NULL);
    }
  }
  if (syscall(SYS_setpgid, 0, 0) != 0) goto failed;
  // Every signal at its default action and unblocked, whatever its host's thread had.
  struct pb_default_action action = {.handler = SIG_DFL};
  for (int signal = 1; signal < NSIG; signal++) syscall(SYS_rt_sigaction, signal, &action, NULL, sizeof(uint64_t));
  uint64_t none = 0;
  if (syscall(SYS_rt_sigprocmask, SIG_SETMASK, &none, NULL, sizeof none) != 0) goto failed;
  // Above the three it takes first, so that none is closed by another's `dup3`.
  long socket = syscall(SYS_fcntl, plan->socket, F_DUPFD_CLOEXEC, 10);
  long output = syscall(SYS_fcntl, plan->output, F_DUPFD_CLOEXEC, 10);
  long report = syscall(SYS_fcntl, plan->report, F_DUPFD_CLOEXEC, 10);
  if (socket < 0 || output < 0 || report < 0) goto failed;
  plan->report = (int)report;
  if (syscall(SYS_dup3, plan->null, 0, 0) < 0 || syscall(SYS_dup3, output, 1, 0) < 0 ||
      syscall(SYS_dup3, output, 2, 0) < 0 || syscall(SYS_dup3, socket, 3, 0) < 0 ||
      syscall(SYS_dup3, report, 4, O_CLOEXEC) < 0) {
    goto failed;
  }
  plan->report = 4;
  // Nothing else of the host's; the report's pipe closes as it starts.
  if (syscall(SYS_close_range, 5, ~0U, 0) != 0) {
    for (int descriptor = 5; descriptor < 4096; descriptor++) syscall(SYS_close, descriptor);
  }
  syscall(SYS_execve, plan->path, plan->arguments, plan->environment);
failed:;
  int error = errno;
  while (syscall(SYS_write, plan->report, &error, sizeof error) < 0 && errno == EINTR) {
  }
  syscall(SYS_exit_group, 127);
  return 127;
}

int pb_spawn_plugin_process(const char *path, char *const arguments[], char *const environment[], int socket,
                            int output, bool namespaces, bool without_network, pid_t *pid) {
  struct pb_spawn_plan plan = {
      .path = path, .arguments = arguments, .environment = environment, .socket = socket, .output = output,
      .mapped = namespaces, .outer = PB_OUTER_PROCESS};
  snprintf(plan.userMap, sizeof plan.userMap, "%u %u 1", (unsigned)getuid(), (unsigned)getuid());
  snprintf(plan.groupMap, sizeof plan.groupMap, "%u %u 1", (unsigned)getgid(), (unsigned)getgid());
  int report[2];
  if (pipe2(report, O_CLOEXEC) != 0) return errno;
  plan.report = report[1];
  plan.null = open("/dev/null", O_RDONLY | O_CLOEXEC);
  enum { stackSize = 256 * 1024 };
  char *stack = malloc(stackSize);
  // Its environment and the variable its ID goes into, which the child writes, in the place of
  // one this process inherited (it runs in a plugin process itself, say).
  size_t count = 0;
  while (environment[count] != NULL) count++;
  char **extended = malloc((count + 2) * sizeof(char *));
  if (plan.null < 0 || stack == NULL || extended == NULL) {
    int error = plan.null < 0 ? errno : ENOMEM;
    if (plan.null >= 0) close(plan.null);
    free(stack);
    free(extended);
    close(report[0]);
    close(report[1]);
    return error;
  }
  size_t kept = 0;
  for (size_t index = 0; index < count; index++) {
    if (strncmp(environment[index], PB_OUTER_PROCESS, sizeof PB_OUTER_PROCESS - 1) != 0) {
      extended[kept++] = environment[index];
    }
  }
  extended[kept] = plan.outer;
  extended[kept + 1] = NULL;
  if (namespaces) plan.environment = extended;
  // A process namespace of its own, owned by a user namespace of its own: it is the namespace's
  // first process, and when it ends, however it ends, the kernel ends every process in it. The
  // child shares this process's memory until it starts the program, as `posix_spawn`'s does, with
  // every signal blocked meanwhile, so that no handler of the host runs in it.
  // A network namespace of its own, with no way out, for a plugin that may not connect anywhere.
  int flags = SIGCHLD | CLONE_VM | CLONE_VFORK | (namespaces ? CLONE_NEWUSER | CLONE_NEWPID | CLONE_NEWNS : 0) |
              (namespaces && without_network ? CLONE_NEWNET : 0);
  sigset_t all, previous;
  sigfillset(&all);
  pthread_sigmask(SIG_SETMASK, &all, &previous);
  pid_t child = __clone(pb_spawned, stack + stackSize, flags, &plan);
  int failed = child < 0 ? errno : 0;
  pthread_sigmask(SIG_SETMASK, &previous, NULL);
  free(stack);
  free(extended);
  close(plan.null);
  close(report[1]);
  if (failed == 0) {
    int error = 0;
    ssize_t got;
    while ((got = read(report[0], &error, sizeof error)) < 0 && errno == EINTR) {
    }
    if (got == sizeof error) {
      while (waitpid(child, NULL, 0) < 0 && errno == EINTR) {
      }
      failed = error;
    } else {
      *pid = child;
    }
  }
  close(report[0]);
  return failed;
}

bool pb_process_namespaces_available(bool without_network) {
  char *arguments[] = {"/bin/true", NULL};
  char *environment[] = {NULL};
  pid_t child = 0;
  int null = open("/dev/null", O_RDWR | O_CLOEXEC);
  if (null < 0) return false;
  int failed = pb_spawn_plugin_process("/bin/true", arguments, environment, null, null, true, without_network, &child);
  close(null);
  if (failed != 0) return false;
  while (waitpid(child, NULL, 0) < 0 && errno == EINTR) {
  }
  return true;
}

#define _GNU_SOURCE
#include "CPlugboard.h"

#include <dirent.h>
#include <link.h>
#include <errno.h>
#include <fcntl.h>
#include <ftw.h>
#include <linux/futex.h>
#include <linux/audit.h>
#include <linux/filter.h>
#include <linux/seccomp.h>
#include <sched.h>
#include <signal.h>
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <pthread.h>
#include <sys/ioctl.h>
#include <sys/prctl.h>
#include <sys/resource.h>
#include <sys/socket.h>
#include <sys/stat.h>
#include <sys/syscall.h>
#include <time.h>
#include <unistd.h>

// Landlock's interface, as the kernel defines it (the system's headers may predate its network
// rights and scopes): rights to files and directories, to TCP ports, and scopes.
enum {
  pb_fs_execute = 1ull << 0,
  pb_fs_write_file = 1ull << 1,
  pb_fs_read_file = 1ull << 2,
  pb_fs_read_dir = 1ull << 3,
  pb_fs_remove_dir = 1ull << 4,
  pb_fs_remove_file = 1ull << 5,
  pb_fs_make_char = 1ull << 6,
  pb_fs_make_dir = 1ull << 7,
  pb_fs_make_reg = 1ull << 8,
  pb_fs_make_sock = 1ull << 9,
  pb_fs_make_fifo = 1ull << 10,
  pb_fs_make_block = 1ull << 11,
  pb_fs_make_sym = 1ull << 12,
  pb_fs_refer = 1ull << 13,     // ABI 2
  pb_fs_truncate = 1ull << 14,  // ABI 3
  pb_fs_ioctl_dev = 1ull << 15, // ABI 5
};
enum { pb_net_bind_tcp = 1ull << 0, pb_net_connect_tcp = 1ull << 1 }; // ABI 4
enum { pb_scope_abstract_unix_socket = 1ull << 0, pb_scope_signal = 1ull << 1 }; // ABI 6
enum { pb_rule_path_beneath = 1, pb_rule_net_port = 2 };

struct pb_ruleset_attr {
  uint64_t handled_access_fs;
  uint64_t handled_access_net;
  uint64_t scoped;
};
struct __attribute__((packed)) pb_path_beneath_attr {
  uint64_t allowed_access;
  int32_t parent_fd;
};
struct pb_net_port_attr {
  uint64_t allowed_access;
  uint64_t port;
};

int pb_landlock_abi(void) {
  long abi = syscall(SYS_landlock_create_ruleset, NULL, 0, 1 /* LANDLOCK_CREATE_RULESET_VERSION */);
  return abi < 0 ? 0 : (int)abi;
}

/// Every right to files the ABI `abi` knows.
static uint64_t pb_fs_rights(int abi) {
  uint64_t rights = (pb_fs_make_sym << 1) - 1;
  if (abi >= 2) rights |= pb_fs_refer;
  if (abi >= 3) rights |= pb_fs_truncate;
  if (abi >= 5) rights |= pb_fs_ioctl_dev;
  return rights;
}

int pb_landlock_ruleset(int abi, bool handles_tcp) {
  struct pb_ruleset_attr attributes = {.handled_access_fs = pb_fs_rights(abi)};
  if (abi >= 4 && handles_tcp) attributes.handled_access_net = pb_net_bind_tcp | pb_net_connect_tcp;
  if (abi >= 6) attributes.scoped = pb_scope_abstract_unix_socket | pb_scope_signal;
  size_t size = abi >= 6 ? sizeof attributes : abi >= 4 ? 2 * sizeof(uint64_t) : sizeof(uint64_t);
  long ruleset = syscall(SYS_landlock_create_ruleset, &attributes, size, 0);
  return ruleset < 0 ? -errno : (int)ruleset;
}

int pb_landlock_allow_path(int ruleset, int abi, const char *path, int uses) {
  int file = open(path, O_PATH | O_CLOEXEC);
  if (file < 0) return errno;
  struct stat status;
  if (fstat(file, &status) != 0) {
    int failed = errno;
    close(file);
    return failed;
  }
  uint64_t reading = pb_fs_read_file | pb_fs_read_dir;
  uint64_t writing = pb_fs_rights(abi) & ~(pb_fs_execute | reading);
  uint64_t allowed = 0;
  if (uses & PB_USE_READ) allowed |= reading;
  if (uses & PB_USE_WRITE) allowed |= reading | writing;
  if (uses & PB_USE_EXECUTE) allowed |= pb_fs_execute | pb_fs_read_file;
  // A file takes only the rights a file has.
  if (!S_ISDIR(status.st_mode)) {
    allowed &= pb_fs_execute | pb_fs_write_file | pb_fs_read_file | pb_fs_truncate | pb_fs_ioctl_dev;
  }
  struct pb_path_beneath_attr rule = {.allowed_access = allowed & pb_fs_rights(abi), .parent_fd = file};
  long added = syscall(SYS_landlock_add_rule, ruleset, pb_rule_path_beneath, &rule, 0);
  int failed = added < 0 ? errno : 0;
  close(file);
  return failed;
}

int pb_landlock_allow_port(int ruleset, uint16_t port) {
  struct pb_net_port_attr rule = {.allowed_access = pb_net_connect_tcp, .port = port};
  return syscall(SYS_landlock_add_rule, ruleset, pb_rule_net_port, &rule, 0) < 0 ? errno : 0;
}

// A ruleset binds the thread that restricts itself and the threads it starts after, not the
// others: each thread of the process restricts itself, in a handler of SIGSYS (a signal the
// Dispatch worker threads leave unblocked, and that no seccomp filter of the process raises). The
// handler is installed with the kernel's own call, not the C library's `sigaction`, and makes only
// system calls: a sanitizer that wraps handlers (ThreadSanitizer's) cannot run one on a thread of
// its own, which must restrict itself too.
enum { pb_most_threads = 1024 };
static int pb_restricting = -1;
static _Atomic int pb_restricted_count;
static _Atomic pid_t pb_restricted[pb_most_threads];
static _Atomic int pb_restrict_failure;

// The handler and what it calls are not instrumented by a sanitizer: it may run on a thread the
// sanitizer keeps for itself, which has none of its state.
#if defined(__has_attribute) && __has_attribute(disable_sanitizer_instrumentation)
#define PB_UNINSTRUMENTED __attribute__((disable_sanitizer_instrumentation))
#else
#define PB_UNINSTRUMENTED
#endif

PB_UNINSTRUMENTED static int pb_restrict_thread(void) {
  if (syscall(SYS_prctl, PR_SET_NO_NEW_PRIVS, 1, 0, 0, 0) != 0) return errno;
  if (syscall(SYS_landlock_restrict_self, pb_restricting, 0) != 0) return errno;
  return 0;
}

/// The kernel's `struct sigaction`, as `rt_sigaction` takes it.
struct pb_kernel_action {
  void (*handler)(int, siginfo_t *, void *);
  unsigned long flags;
  void (*restorer)(void);
  uint64_t mask;
};

#if defined(__x86_64__)
#define PB_SA_RESTORER 0x04000000
/// Returns from a handler installed with `rt_sigaction`: the kernel's `rt_sigreturn`.
__attribute__((naked)) static void pb_return_from_handler(void) {
  __asm__ volatile("mov $15, %rax\n\tsyscall");
}
#endif

/// Installs `action` for `signum` with the kernel's call, keeping the one it replaces in `previous`.
static int pb_kernel_sigaction(int signum, const struct pb_kernel_action *action, struct pb_kernel_action *previous) {
  return syscall(SYS_rt_sigaction, signum, action, previous, sizeof(uint64_t)) == 0 ? 0 : errno;
}

PB_UNINSTRUMENTED static void pb_restrict_signalled_thread(int signum, siginfo_t *info, void *context) {
  (void)signum;
  (void)context;
  // Only the process's own request: a SIGSYS from elsewhere changes nothing.
  if (info->si_code != SI_TKILL || info->si_pid != (pid_t)syscall(SYS_getpid)) return;
  int saved = errno;
  int failed = pb_restrict_thread();
  if (failed != 0) atomic_store(&pb_restrict_failure, failed);
  int slot = atomic_fetch_add(&pb_restricted_count, 1);
  if (slot < pb_most_threads) atomic_store(&pb_restricted[slot], (pid_t)syscall(SYS_gettid));
  // The thread that waits for the others is woken at once.
  syscall(SYS_futex, (int *)&pb_restricted_count, FUTEX_WAKE_PRIVATE, INT32_MAX, NULL, NULL, 0);
  errno = saved;
}

static bool pb_contains(_Atomic pid_t *list, int count, pid_t thread) {
  for (int n = 0; n < count && n < pb_most_threads; ++n) {
    if (atomic_load(&list[n]) == thread) return true;
  }
  return false;
}

int pb_landlock_restrict_all_threads(int ruleset, int milliseconds) {
  pb_restricting = ruleset;
  atomic_store(&pb_restricted_count, 0);
  atomic_store(&pb_restrict_failure, 0);
  int failed = pb_restrict_thread();
  if (failed != 0) return failed;
  pid_t self = (pid_t)syscall(SYS_gettid);
  struct pb_kernel_action action = {.handler = pb_restrict_signalled_thread, .flags = SA_SIGINFO | SA_RESTART};
#if defined(__x86_64__)
  action.flags |= PB_SA_RESTORER;
  action.restorer = pb_return_from_handler;
#endif
  struct pb_kernel_action previous;
  failed = pb_kernel_sigaction(SIGSYS, &action, &previous);
  if (failed != 0) return failed;
  static _Atomic pid_t signalled[pb_most_threads];
  int signalledCount = 0;
  struct timespec start;
  clock_gettime(CLOCK_MONOTONIC, &start);
  for (;;) {
    // Threads started meanwhile by a thread not yet restricted are found on the next look.
    DIR *threads = opendir("/proc/self/task");
    if (threads == NULL) {
      failed = errno;
      break;
    }
    bool waiting = false;
    int restrictedBefore = atomic_load(&pb_restricted_count);
    struct dirent *entry;
    while ((entry = readdir(threads)) != NULL) {
      if (entry->d_name[0] == '.') continue;
      // Numbered as its process's namespace numbers it: `/proc` is the host's.
      pid_t thread = pb_local_process_id((pid_t)atol(entry->d_name));
      int restricted = atomic_load(&pb_restricted_count);
      if (thread == self || pb_contains(pb_restricted, restricted, thread)) continue;
      waiting = true;
      if (pb_contains(signalled, signalledCount, thread)) continue;
      if (signalledCount == pb_most_threads) {
        failed = EAGAIN;
        break;
      }
      atomic_store(&signalled[signalledCount++], thread);
      if (syscall(SYS_tgkill, getpid(), thread, SIGSYS) != 0 && errno != ESRCH) {
        failed = errno;
        break;
      }
    }
    closedir(threads);
    if (failed == 0) failed = atomic_load(&pb_restrict_failure);
    if (failed != 0 || !waiting) break;
    struct timespec now;
    clock_gettime(CLOCK_MONOTONIC, &now);
    long waited = (now.tv_sec - start.tv_sec) * 1000 + (now.tv_nsec - start.tv_nsec) / 1000000;
    // A thread that blocks SIGSYS never restricts itself: the process is not confined.
    if (waited > milliseconds) {
      failed = ETIMEDOUT;
      break;
    }
    // Until the next thread restricts itself (its handler wakes this one), or a moment.
    struct timespec moment = {.tv_sec = 0, .tv_nsec = 1000 * 1000};
    syscall(SYS_futex, (int *)&pb_restricted_count, FUTEX_WAIT_PRIVATE, restrictedBefore, &moment, NULL, 0);
  }
  pb_kernel_sigaction(SIGSYS, &previous, NULL);
  return failed;
}

// The seccomp filter: what no plugin needs fails with EPERM; without the network, a socket of
// any family but AF_UNIX fails with EACCES. Where the kernel lets a filter notify a listener, a
// thread of the plugin process answers each denied call with that error and writes a note of it
// (`PB_DENIED_NOTE`) to its standard error, where the host reads it, so that a denial is seen:
// the calls of a program the plugin starts are answered too, as a handler of a signal could not.
#if defined(__x86_64__)
#define PB_AUDIT_ARCH AUDIT_ARCH_X86_64
#elif defined(__aarch64__)
#define PB_AUDIT_ARCH AUDIT_ARCH_AARCH64
#endif

/// A system call no plugin needs, with what it does, as a person reads it, and whether it is
/// denied whatever its arguments (else the filter looks at them, below).
struct pb_denied_call {
  int number;
  const char *name;
  const char *what;
  bool always;
};

static const struct pb_denied_call pb_denied_calls[] = {
#if defined(__x86_64__)
    {SYS_iopl, "iopl", "using the machine's input and output ports", true},
    {SYS_ioperm, "ioperm", "using the machine's input and output ports", true},
#endif
    {SYS_ptrace, "ptrace", "tracing another process", true},
    {SYS_kcmp, "kcmp", "comparing another process's resources", true},
    {SYS_pidfd_getfd, "pidfd_getfd", "taking another process's files", true},
    {SYS_mount, "mount", "mounting a file system", true},
    {SYS_umount2, "umount2", "unmounting a file system", true},
    {SYS_pivot_root, "pivot_root", "changing the root file system", true},
    {SYS_chroot, "chroot", "changing the root directory", true},
    {SYS_open_tree, "open_tree", "mounting a file system", true},
    {SYS_move_mount, "move_mount", "mounting a file system", true},
    {SYS_fsopen, "fsopen", "mounting a file system", true},
    {SYS_fsconfig, "fsconfig", "mounting a file system", true},
    {SYS_fsmount, "fsmount", "mounting a file system", true},
    {SYS_fspick, "fspick", "mounting a file system", true},
    {SYS_mount_setattr, "mount_setattr", "changing a mount", true},
    {SYS_setns, "setns", "entering a namespace", true},
    {SYS_unshare, "unshare", "making a namespace", true},
    {SYS_init_module, "init_module", "loading a kernel module", true},
    {SYS_finit_module, "finit_module", "loading a kernel module", true},
    {SYS_delete_module, "delete_module", "removing a kernel module", true},
    {SYS_kexec_load, "kexec_load", "loading a kernel", true},
    {SYS_kexec_file_load, "kexec_file_load", "loading a kernel", true},
    {SYS_bpf, "bpf", "loading a BPF program", true},
    {SYS_perf_event_open, "perf_event_open", "reading performance counters", true},
    {SYS_userfaultfd, "userfaultfd", "handling page faults", true},
    {SYS_keyctl, "keyctl", "using the kernel's keys", true},
    {SYS_add_key, "add_key", "using the kernel's keys", true},
    {SYS_request_key, "request_key", "using the kernel's keys", true},
    {SYS_acct, "acct", "process accounting", true},
    {SYS_swapon, "swapon", "changing swap space", true},
    {SYS_swapoff, "swapoff", "changing swap space", true},
    {SYS_reboot, "reboot", "rebooting the machine", true},
    {SYS_sethostname, "sethostname", "naming the machine", true},
    {SYS_setdomainname, "setdomainname", "naming the machine", true},
    {SYS_syslog, "syslog", "reading the kernel's log", true},
    {SYS_settimeofday, "settimeofday", "setting the clock", true},
    {SYS_clock_settime, "clock_settime", "setting the clock", true},
    {SYS_clock_adjtime, "clock_adjtime", "setting the clock", true},
    {SYS_adjtimex, "adjtimex", "setting the clock", true},
    {SYS_quotactl, "quotactl", "changing disk quotas", true},
    {SYS_open_by_handle_at, "open_by_handle_at", "opening a file by its handle", true},
    {SYS_name_to_handle_at, "name_to_handle_at", "reading a file's handle", true},
    {SYS_vhangup, "vhangup", "hanging up the terminal", true},
    // Denied only with some arguments.
    {SYS_clone, "clone", "making a namespace", false},
    {SYS_process_vm_readv, "process_vm_readv", "reading another process's memory", false},
    {SYS_process_vm_writev, "process_vm_writev", "writing another process's memory", false},
    {SYS_socket, "socket", "opening a network socket", false},
};

enum { pb_denied_count = sizeof pb_denied_calls / sizeof pb_denied_calls[0] };

/// The error a denied call fails with: EACCES for a socket, as for a file refused; else EPERM.
static int pb_denial_error(long number) {
  return number == SYS_socket ? EACCES : EPERM;
}

bool pb_denied_call(long number, const char *_Nullable *_Nonnull name, const char *_Nullable *_Nonnull what,
                    const char *_Nullable *_Nonnull error) {
  for (int n = 0; n < pb_denied_count; ++n) {
    if (pb_denied_calls[n].number != number) continue;
    *name = pb_denied_calls[n].name;
    *what = pb_denied_calls[n].what;
    *error = pb_denial_error(number) == EACCES ? "EACCES" : "EPERM";
    return true;
  }
  return false;
}

#define PB_LOAD_NUMBER BPF_STMT(BPF_LD | BPF_W | BPF_ABS, offsetof(struct seccomp_data, nr))
#define PB_LOAD_ARGUMENT(n) BPF_STMT(BPF_LD | BPF_W | BPF_ABS, offsetof(struct seccomp_data, args[n]))
#define PB_RETURN(action) BPF_STMT(BPF_RET | BPF_K, (action))

/// The filter, written into `filter` (room for `pb_filter_room` instructions); returns its length.
/// A denied call returns `deny` (the listener's) or, when `deny` is 0, its error.
enum { pb_filter_room = 2 * pb_denied_count + 32 };
static unsigned short pb_write_filter(struct sock_filter *filter, bool network, uint32_t deny) {
  uint32_t namespaces = CLONE_NEWNS | CLONE_NEWUSER | CLONE_NEWPID | CLONE_NEWNET | CLONE_NEWIPC | CLONE_NEWUTS | CLONE_NEWCGROUP;
#define PB_REFUSE(call) (deny != 0 ? deny : SECCOMP_RET_ERRNO | pb_denial_error(call))
  unsigned short length = 0;
#define PB_ADD(instruction) filter[length++] = (struct sock_filter)instruction
  // Another architecture's calls (the 32-bit ones on x86_64) are not allowed at all.
  PB_ADD(BPF_STMT(BPF_LD | BPF_W | BPF_ABS, offsetof(struct seccomp_data, arch)));
  PB_ADD(BPF_JUMP(BPF_JMP | BPF_JEQ | BPF_K, PB_AUDIT_ARCH, 1, 0));
  PB_ADD(PB_RETURN(SECCOMP_RET_KILL_PROCESS));
  PB_ADD(PB_LOAD_NUMBER);
#if defined(__x86_64__)
  // x32 calls, numbered from 0x40000000.
  PB_ADD(BPF_JUMP(BPF_JMP | BPF_JGE | BPF_K, 0x40000000, 0, 1));
  PB_ADD(PB_RETURN(SECCOMP_RET_ERRNO | EPERM));
#endif
  for (int n = 0; n < pb_denied_count; ++n) {
    if (!pb_denied_calls[n].always) continue;
    PB_ADD(BPF_JUMP(BPF_JMP | BPF_JEQ | BPF_K, pb_denied_calls[n].number, 0, 1));
    PB_ADD(PB_RETURN(PB_REFUSE(pb_denied_calls[n].number)));
  }
  // clone3 passes its flags in memory a filter cannot read: the C library then uses clone.
  PB_ADD(BPF_JUMP(BPF_JMP | BPF_JEQ | BPF_K, SYS_clone3, 0, 1));
  PB_ADD(PB_RETURN(SECCOMP_RET_ERRNO | ENOSYS));
  // clone with a namespace flag.
  PB_ADD(BPF_JUMP(BPF_JMP | BPF_JEQ | BPF_K, SYS_clone, 0, 4));
  PB_ADD(PB_LOAD_ARGUMENT(0));
  PB_ADD(BPF_JUMP(BPF_JMP | BPF_JSET | BPF_K, namespaces, 0, 1));
  PB_ADD(PB_RETURN(PB_REFUSE(SYS_clone)));
  PB_ADD(PB_RETURN(SECCOMP_RET_ALLOW));
  // Reading another process's memory: only this one's, as the Swift runtime's backtracer,
  // started by this process after a trap, reads it.
  PB_ADD(BPF_JUMP(BPF_JMP | BPF_JEQ | BPF_K, SYS_process_vm_readv, 1, 0));
  PB_ADD(BPF_JUMP(BPF_JMP | BPF_JEQ | BPF_K, SYS_process_vm_writev, 0, 4));
  PB_ADD(PB_LOAD_ARGUMENT(0));
  PB_ADD(BPF_JUMP(BPF_JMP | BPF_JEQ | BPF_K, (uint32_t)getpid(), 1, 0));
  PB_ADD(PB_RETURN(PB_REFUSE(SYS_process_vm_readv)));
  PB_ADD(PB_RETURN(SECCOMP_RET_ALLOW));
  // Sockets: with no network, only those of the process's own machine, AF_UNIX.
  if (!network) {
    PB_ADD(BPF_JUMP(BPF_JMP | BPF_JEQ | BPF_K, SYS_socket, 0, 4));
    PB_ADD(PB_LOAD_ARGUMENT(0));
    PB_ADD(BPF_JUMP(BPF_JMP | BPF_JEQ | BPF_K, AF_UNIX, 0, 1));
    PB_ADD(PB_RETURN(SECCOMP_RET_ALLOW));
    PB_ADD(PB_RETURN(PB_REFUSE(SYS_socket)));
  }
  PB_ADD(PB_RETURN(SECCOMP_RET_ALLOW));
#undef PB_ADD
#undef PB_REFUSE
  return length;
}

/// Answers each call the filter denies, with its error, and notes it on standard error.
static void *pb_answer_denied_calls(void *argument) {
  int listener = (int)(intptr_t)argument;
  struct seccomp_notif_sizes sizes = {0};
  if (syscall(SYS_seccomp, SECCOMP_GET_NOTIF_SIZES, 0, &sizes) != 0) return NULL;
  size_t noteSize = sizes.seccomp_notif > sizeof(struct seccomp_notif) ? sizes.seccomp_notif : sizeof(struct seccomp_notif);
  size_t answerSize = sizes.seccomp_notif_resp > sizeof(struct seccomp_notif_resp) ? sizes.seccomp_notif_resp
                                                                                     : sizeof(struct seccomp_notif_resp);
  struct seccomp_notif *call = calloc(1, noteSize);
  struct seccomp_notif_resp *answer = calloc(1, answerSize);
  if (call == NULL || answer == NULL) return NULL;
  for (;;) {
    memset(call, 0, noteSize);
    if (ioctl(listener, SECCOMP_IOCTL_NOTIF_RECV, call) != 0) {
      if (errno == EINTR || errno == ENOENT) continue;
      break;
    }
    memset(answer, 0, answerSize);
    answer->id = call->id;
    answer->error = -pb_denial_error(call->data.nr);
    // A caller interrupted meanwhile is gone (ENOENT): its call failed with EINTR.
    ioctl(listener, SECCOMP_IOCTL_NOTIF_SEND, answer);
    // Whether the caller is a thread of this process or a process the plugin started.
    char thread[48];
    snprintf(thread, sizeof thread, "/proc/self/task/%u", call->pid);
    dprintf(STDERR_FILENO, PB_DENIED_NOTE "%d %llu %d\n", call->data.nr, (unsigned long long)call->data.args[0],
            access(thread, F_OK) == 0 ? 0 : 1);
  }
  free(call);
  free(answer);
  return NULL;
}

int pb_seccomp_confine(bool network) {
#ifndef PB_AUDIT_ARCH
  (void)network;
  return ENOSYS;
#else
  struct sock_filter filter[pb_filter_room];
  if (prctl(PR_SET_NO_NEW_PRIVS, 1, 0, 0, 0) != 0) return errno;
  // Every thread of the process takes the filter (and no_new_privs) at once; a kernel that
  // reports a thread it could not synchronize by its number (before 5.7) takes no listener.
  struct sock_fprog program = {.len = pb_write_filter(filter, network, SECCOMP_RET_USER_NOTIF), .filter = filter};
  unsigned flags = SECCOMP_FILTER_FLAG_TSYNC | SECCOMP_FILTER_FLAG_NEW_LISTENER | SECCOMP_FILTER_FLAG_TSYNC_ESRCH;
  long listener = syscall(SYS_seccomp, SECCOMP_SET_MODE_FILTER, flags, &program);
  if (listener >= 0) {
    pthread_t answering;
    pthread_attr_t attributes;
    pthread_attr_init(&attributes);
    pthread_attr_setdetachstate(&attributes, PTHREAD_CREATE_DETACHED);
    // A small stack: it counts against the plugin's data memory.
    pthread_attr_setstacksize(&attributes, 128 << 10);
    int failed = pthread_create(&answering, &attributes, pb_answer_denied_calls, (void *)(intptr_t)listener);
    pthread_attr_destroy(&attributes);
    // Without the thread, a denied call fails with ENOSYS once the listener is closed; the
    // process must then not load its plugins.
    if (failed != 0) close((int)listener);
    return failed;
  }
  if (errno != EINVAL) return errno;
  program.len = pb_write_filter(filter, network, 0);
  long synced = syscall(SYS_seccomp, SECCOMP_SET_MODE_FILTER, SECCOMP_FILTER_FLAG_TSYNC, &program);
  if (synced < 0) return errno;
  return synced == 0 ? 0 : EAGAIN;
#endif
}

uint64_t pb_data_memory(void) {
  FILE *status = fopen("/proc/self/status", "re");
  if (status == NULL) return 0;
  char line[256];
  unsigned long long kibibytes = 0;
  while (fgets(line, sizeof line, status) != NULL) {
    if (sscanf(line, "VmData: %llu kB", &kibibytes) == 1) break;
  }
  fclose(status);
  return (uint64_t)kibibytes * 1024;
}

int pb_limit_resource(int resource, uint64_t limit) {
  struct rlimit current;
  if (getrlimit(resource, &current) != 0) return errno;
  // Never raised above what the process has.
  rlim_t value = current.rlim_max != RLIM_INFINITY && current.rlim_max < limit ? current.rlim_max : limit;
  struct rlimit lowered = {.rlim_cur = value, .rlim_max = value};
  return setrlimit(resource, &lowered) == 0 ? 0 : errno;
}

struct pb_object_visit {
  void (*_Nonnull visit)(const char *_Nonnull path, void *_Nullable context);
  void *_Nullable context;
};

static int pb_visit_object(struct dl_phdr_info *info, size_t size, void *argument) {
  (void)size;
  struct pb_object_visit *visit = argument;
  if (info->dlpi_name != NULL && info->dlpi_name[0] == '/') visit->visit(info->dlpi_name, visit->context);
  return 0;
}

void pb_each_loaded_object(void (*_Nonnull visit)(const char *_Nonnull path, void *_Nullable context),
                           void *_Nullable context) {
  struct pb_object_visit argument = {.visit = visit, .context = context};
  dl_iterate_phdr(pb_visit_object, &argument);
}

bool pb_seccomp_available(void) {
  return prctl(PR_GET_SECCOMP, 0, 0, 0, 0) >= 0;
}

static int pb_remove_entry(const char *path, const struct stat *status, int kind, struct FTW *walk) {
  (void)status;
  (void)walk;
  // A link is removed, never followed; a directory once it is empty.
  if (kind == FTW_DP) rmdir(path);
  else unlink(path);
  return 0;
}

void pb_remove_tree(const char *path) {
  nftw(path, pb_remove_entry, 16, FTW_DEPTH | FTW_PHYS);
}

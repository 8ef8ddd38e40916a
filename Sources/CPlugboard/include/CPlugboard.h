#ifndef CPLUGBOARD_H
#define CPLUGBOARD_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <sys/types.h>

/// The metadata section layout version this runtime knows how to read.
#define PB_KNOWN_SECTIONS_VERSION_MIN 3
#define PB_KNOWN_SECTIONS_VERSION_MAX 5

/// One loaded image's Swift metadata, as registered with the Swift runtime.
typedef struct PBImage {
  /// The `MetadataSections` layout version the Swift runtime reported.
  uintptr_t version;
  /// The address of the image's ELF header (`__ehdr_start`).
  const void *_Nullable baseAddress;
  /// The image's `swift5_protocol_conformances` records (32-bit relative pointers).
  const void *_Nullable conformances;
  size_t conformancesLength;
} PBImage;

/// Called once per loaded image; return `false` to stop the enumeration.
typedef bool (*PBImageVisitor)(const PBImage *_Nonnull image, void *_Nullable context);

/// Enumerates every image whose Swift metadata is registered with the runtime.
///
/// Safe while other threads load images: the Swift runtime guards its list.
__attribute__((visibility("hidden"))) void pb_enumerate_images(PBImageVisitor _Nonnull visitor, void *_Nullable context);

/// Finds the image whose ELF header is at `baseAddress` among those `pb_enumerate_images` visits,
/// without visiting the others in Swift; returns whether there is one.
__attribute__((visibility("hidden"))) bool pb_find_image(const void *_Nonnull baseAddress, PBImage *_Nonnull image);

/// A type found to conform to a protocol, ready to be turned into an existential metatype.
typedef struct PBConformance {
  /// Type metadata (`Any.Type`), or null when the type cannot be instantiated here.
  const void *_Nullable metadata;
  /// The witness table of the conformance, or null with `metadata`.
  const void *_Nullable witnessTable;
  /// The type's name as written in source (never null).
  const char *_Nonnull typeName;
  /// Why the type was skipped, or null when it was found.
  const char *_Nullable skipReason;
} PBConformance;

typedef void (*PBConformanceVisitor)(const PBConformance *_Nonnull conformance,
                                     void *_Nullable context);

/// Visits every conformance record of `image` whose protocol is `protocolDescriptor`.
__attribute__((visibility("hidden"))) void pb_visit_conformances(const PBImage *_Nonnull image,
                           const void *_Nonnull protocolDescriptor,
                           PBConformanceVisitor _Nonnull visitor, void *_Nullable context);

/// The load address of the object `handle` (from `dlopen`), where its ELF header is mapped for a
/// shared object whose first segment starts at address 0; null if the loader cannot tell.
__attribute__((visibility("hidden"))) const void *_Nullable pb_load_address(void *_Nonnull handle);

/// Whether the image whose ELF header is at `baseAddress` is the object `handle` (from `dlopen`).
__attribute__((visibility("hidden"))) bool pb_image_belongs_to_handle(const void *_Nonnull baseAddress, void *_Nonnull handle);

/// The path of the image that contains `address`, or null.
__attribute__((visibility("hidden"))) const char *_Nullable pb_image_path_for_address(const void *_Nonnull address);

/// The protocol descriptor of `Plugboard.Module`.
__attribute__((visibility("hidden"))) const void *_Nonnull pb_module_protocol(void);

/// The protocol descriptor of `Plugboard.Plugin`.
__attribute__((visibility("hidden"))) const void *_Nonnull pb_plugin_protocol(void);

/// Writes the module-qualified name of the type `metadata` describes into `buffer` (not
/// terminated), as `_typeName(type, qualified: true)` spells it, and returns its length. Reads only
/// the type's context descriptors, so it handles only non-generic classes, structures and
/// enumerations declared in a module or nested in such types, with plain identifiers as names;
/// returns -1 for every other type, or when `size` is too small.
__attribute__((visibility("hidden"))) long pb_qualified_type_name(const void *_Nonnull metadata,
                                                                  char *_Nonnull buffer, size_t size);

/// How many processors this thread may run on (its affinity mask), at least 1: one system call,
/// unlike Foundation's count, which reads files. A CPU quota (a cgroup's `cpu.max`) is left aside
/// on purpose: the loader asks in order to run a burst of a few milliseconds on two threads, which
/// a quota rarely throttles (measured under quotas in Benchmarks/README.md).
__attribute__((visibility("hidden"))) int pb_available_processors(void);

/// The toolchain that compiles the code calling this: inlined into each plugin at its compile time.
static inline const char *_Nonnull pb_toolchain_identity(void) { return __VERSION__; }

/// A copy of the file open as `descriptor`, from its start, in a sealed memory file that no one can
/// change: a new build written over a loaded plugin's file in place keeps the loaded image's inode,
/// and the dynamic loader would answer the old image for it, so a reload maps such a copy. The
/// copy is named `name`, the file's path, which the process's map, and so a backtrace of a crash,
/// shows for its image (`/memfd:PATH (deleted)`). Returns the copy's descriptor (close-on-exec), or
/// -1 with `errno` set.
__attribute__((visibility("hidden"))) int pb_sealed_copy(int descriptor, const char *_Nonnull name);


/// A pipe whose two ends close on `exec`, made at once, so that no process another thread starts
/// meanwhile inherits them. Returns 0, or -1 with `errno` set.
__attribute__((visibility("hidden"))) int pb_pipe_closed_on_exec(int ends[_Nonnull 2]);

/// Waits up to `milliseconds` for the child process `pid` to end, without reaping it. Returns 1
/// once it has ended (it can be reaped at once), 0 when it has not.
__attribute__((visibility("hidden"))) int pb_wait_for_end(int pid, int milliseconds);

/// A new epoll instance (close-on-exec), for ``pb_poller_watch`` and ``pb_poller_wait``; -1 with
/// `errno` set when the system has none to give.
__attribute__((visibility("hidden"))) int pb_poller_create(void);

/// Arms `descriptor` in `poller` for one event, when it can be read (or its other side closed),
/// reported with `token`; `again` re-arms a descriptor armed before. Returns 0, or -1 with `errno`.
__attribute__((visibility("hidden"))) int pb_poller_watch(int poller, int descriptor, uint64_t token, int again);

/// Removes `descriptor` from `poller`. Returns 0, or -1 with `errno` set.
__attribute__((visibility("hidden"))) int pb_poller_forget(int poller, int descriptor);

/// Waits up to `milliseconds` (-1: for as long as it takes) for events of `poller` and writes
/// their tokens, at most `most` (and 64), to `tokens`. Returns how many; 0 when the wait ran out
/// or a signal cut it short; -1 with `errno` when it failed.
__attribute__((visibility("hidden"))) int pb_poller_wait(int poller, uint64_t tokens[_Nonnull], int most,
                                                         int milliseconds);

/// A new event descriptor (non-blocking, close-on-exec) for ``pb_wake`` and ``pb_woken``; -1
/// with `errno` set.
__attribute__((visibility("hidden"))) int pb_wake_descriptor(void);

/// Makes the event descriptor `descriptor` readable, waking a thread that waits on it.
__attribute__((visibility("hidden"))) void pb_wake(int descriptor);

/// Reads the event descriptor `descriptor`, which is then no longer readable until woken again.
__attribute__((visibility("hidden"))) void pb_woken(int descriptor);

/// Makes reads and writes of `descriptor` return at once rather than wait. Returns 0, or -1
/// with `errno` set.
__attribute__((visibility("hidden"))) int pb_set_nonblocking(int descriptor);

/// Starts `path` with `arguments` and `environment` as a plugin process: `socket` as its
/// descriptor 3, `output` as its standard output and error, `/dev/null` as its input, no other
/// descriptor, a process group of its own, every signal at its default action and unblocked.
/// With `namespaces`, in a process namespace of its own (owned by a user namespace of its own,
/// which maps its user and group to themselves): it is that namespace's first process, and the
/// kernel ends every process in it when it ends. With `without_network` as well, in a network namespace
/// of its own, which has no interface but a loopback that is down: it reaches no network.
/// Writes its process ID to `pid`. Returns 0, or an error number (of the start, or of the
/// `execve`).
__attribute__((visibility("hidden"))) int pb_spawn_plugin_process(const char *_Nonnull path,
                                                                  char *_Nullable const arguments[_Nonnull],
                                                                  char *_Nullable const environment[_Nonnull],
                                                                  int socket, int output, bool namespaces,
                                                                  bool without_network, pid_t *_Nonnull pid);

/// Whether this process may start a child in process and user namespaces of its own (the kernel
/// allows them to an unprivileged user, or this one is privileged), and with `without_network`, in a
/// network namespace of its own too: starts `/bin/true` so.
__attribute__((visibility("hidden"))) bool pb_process_namespaces_available(bool without_network);

/// The ID of the process that the host's namespace numbers `outer` (a thread ID too), as the
/// namespace of that process numbers it: `outer` itself outside a namespace of its own.
__attribute__((visibility("hidden"))) pid_t pb_local_process_id(pid_t outer);

/// This process's ID as `/proc` (the host's) numbers it, whatever namespace it runs in.
__attribute__((visibility("hidden"))) pid_t pb_outer_process_id(void);

/// How a plugin process that is the first of its process namespace, which a fatal signal sent by
/// another process cannot end, begins the line that says it ended for that signal, which its
/// number follows (``pb_end_on_fatal_signals_from_others``).
__attribute__((visibility("hidden"))) extern const char *_Nonnull const pb_ended_by_signal;

/// Returns 1 when the process `pid` is stopped (its `/proc/PID/stat` state is `T` or `t`), 0 when
/// it is not or cannot be read.
__attribute__((visibility("hidden"))) int pb_process_is_stopped(int pid);

/// Makes standard output line-buffered, as it is on a terminal, where it goes to a pipe: what a
/// plugin process prints reaches the reader of its pipe line by line. Call it before printing.
__attribute__((visibility("hidden"))) void pb_line_buffer_standard_output(void);

/// What begins a note, in a plugin process's output, of the plugin whose code prints what follows.
#define PB_SPEAKER_NOTE "\001plugboard-speaker "

/// Writes out what standard output holds, then a note that what follows is printed by the plugin
/// named `name` (the process's plugins together when empty).
__attribute__((visibility("hidden"))) void pb_say_speaker(const char *_Nonnull name);

/// Names the calling thread `name` (its first 15 bytes are kept); on the main thread, that is the
/// process's name, as `ps -o comm` and `/proc/PID/comm` show it. One system call.
__attribute__((visibility("hidden"))) void pb_set_thread_name(const char *_Nonnull name);

/// Makes the signals the Swift runtime's crash handler catches (SIGSEGV, SIGABRT, SIGILL, SIGBUS,
/// SIGFPE, SIGTRAP, SIGQUIT) end the process when another process sends them, as they end any
/// process: the crash handler, which writes a backtrace and then returns, would otherwise let a
/// process sent SIGSEGV by `kill` go on running without it. A fault of the process's own, or a
/// signal it sends itself (`abort`), still goes to the crash handler first, and so does SIGQUIT
/// queued with ``pb_ask_for_threads``' mark. Call it once the Swift runtime has started; returns
/// 0, or an error number.
__attribute__((visibility("hidden"))) int pb_end_on_fatal_signals_from_others(void);

/// Asks the plugin process `pid` to write where each of its threads is and end: queues SIGQUIT
/// with a mark that its handler (``pb_end_on_fatal_signals_from_others``) takes to the Swift
/// runtime's crash handler, which writes the backtrace of every thread (`threads=all`) as it
/// would of a crash. Returns 0, or an error number: `ENOTSUP` for a process that does not catch
/// SIGQUIT, which is not asked.
__attribute__((visibility("hidden"))) int pb_ask_for_threads(int pid);

/// Ends the process, whatever its threads are doing, once the peer of the connected socket
/// `descriptor` (the host) closes its end or ends: a thread of its own waits in `poll` for that,
/// then ends the process's descendants (``pb_end_descendants``), gives the main thread 200 ms to
/// end the process itself, its output written, and calls `_exit(0)`. A plugin
/// process busy in a plugin's code (a `render` that never returns) so never outlives its host,
/// nor does what it started. Returns 0, or an error number.
__attribute__((visibility("hidden"))) int pb_end_with_host(int descriptor);

/// Makes the calling process the reaper of every process it starts and of every process those
/// start, whatever they do (`setsid`, a double fork): one whose parent ends becomes the caller's
/// child, so that ``pb_end_descendants`` finds it, which then runs when the process calls
/// `exit`. Returns 0, or an error number.
__attribute__((visibility("hidden"))) int pb_contain_descendants(void);

/// Ends every process the calling process started and, once it is its reaper
/// (``pb_contain_descendants``), every process those started: its children are sent SIGKILL and
/// reaped, round after round, until it has none.
__attribute__((visibility("hidden"))) void pb_end_descendants(void);

/// A descriptor that becomes readable when Dispatch's main queue (where the main actor's work
/// goes) has work, for a loop on the main thread that waits on it with `poll`, as a run loop
/// does. Only while the main thread has not called `dispatch_main`.
__attribute__((visibility("hidden"))) int pb_main_queue_descriptor(void);

/// Runs the work Dispatch's main queue holds, on the main thread, which must be the caller.
__attribute__((visibility("hidden"))) void pb_drain_main_queue(void);

/// Whether the caller runs on the process's main thread.
__attribute__((visibility("hidden"))) bool pb_is_main_thread(void);

// Confinement of a plugin process (Confinement.c).

/// What a path rule allows: reading, writing (with reading), executing (with reading the file).
#define PB_USE_READ 1
#define PB_USE_WRITE 2
#define PB_USE_EXECUTE 4

/// The Landlock ABI version the kernel offers, 0 when it offers none.
__attribute__((visibility("hidden"))) int pb_landlock_abi(void);

/// A Landlock ruleset that handles every right to files of `abi`, TCP bind and connect when
/// `handles_tcp` (ABI 4), and the abstract Unix socket and signal scopes (ABI 6): its
/// descriptor, or minus the error.
__attribute__((visibility("hidden"))) int pb_landlock_ruleset(int abi, bool handles_tcp);

/// Allows `uses` (`PB_USE_*`) of `path` and what is beneath it; returns 0 or the error.
__attribute__((visibility("hidden"))) int pb_landlock_allow_path(int ruleset, int abi, const char *_Nonnull path, int uses);

/// Allows TCP connections to `port`; returns 0 or the error.
__attribute__((visibility("hidden"))) int pb_landlock_allow_port(int ruleset, uint16_t port);

/// Restricts every thread of the process by `ruleset` (with `no_new_privs`), waiting at most
/// `milliseconds` for each to do it; returns 0 or the error (ETIMEDOUT when a thread did not).
__attribute__((visibility("hidden"))) int pb_landlock_restrict_all_threads(int ruleset, int milliseconds);

/// Installs, in every thread, the seccomp filter that denies what no plugin needs, and sockets
/// other than AF_UNIX unless `network`; returns 0 or the error. Where the kernel offers it, a
/// thread answers each denied call and writes a note of it to standard error: `PB_DENIED_NOTE`,
/// the call's number, its first argument, and 1 when a process the plugin started made it, else 0.
__attribute__((visibility("hidden"))) int pb_seccomp_confine(bool network);

/// What begins a note of a denied call in a plugin process's output.
#define PB_DENIED_NOTE "\001plugboard-denied "

/// The name of the system call `number`, what it does, and the name of the error it fails with,
/// when the seccomp filter denies it.
__attribute__((visibility("hidden"))) bool pb_denied_call(
    long number, const char *_Nullable *_Nonnull name, const char *_Nullable *_Nonnull what,
    const char *_Nullable *_Nonnull error);

/// The data memory the process uses now (`VmData`), in bytes; 0 when it cannot be read.
__attribute__((visibility("hidden"))) uint64_t pb_data_memory(void);

/// Lowers the limit `resource` (`RLIMIT_*`) to `limit`, never above what it is; returns 0 or the
/// error.
__attribute__((visibility("hidden"))) int pb_limit_resource(int resource, uint64_t limit);

/// Calls `visit` with the path of each shared object loaded in the process (absolute paths only).
__attribute__((visibility("hidden"))) void pb_each_loaded_object(
    void (*_Nonnull visit)(const char *_Nonnull path, void *_Nullable context), void *_Nullable context);

/// Whether the kernel takes seccomp filters.
__attribute__((visibility("hidden"))) bool pb_seccomp_available(void);

/// Removes `path` and what is beneath it, following no link.
__attribute__((visibility("hidden"))) void pb_remove_tree(const char *_Nonnull path);

#endif

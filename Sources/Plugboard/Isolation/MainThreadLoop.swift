internal import CPlugboard
internal import Glibc

/// A loop on a plugin process's main thread that runs the main actor's work there (Dispatch's main
/// queue, drained as a run loop drains it) and reads the host's socket there too, both woken by one
/// `poll`. A request read starts its main-actor work at once, on the thread that read it: a thread
/// of its own that read it would hand it to a thread of Dispatch's pool, one more wake of a thread
/// for each request (see the Benchmarks README).
@MainActor
final class MainThreadLoop {
    /// The socket read, and what reads one message from it, returning `false` once it is done with.
    private var socket: (descriptor: Int32, readable: () -> Bool)?

    /// Whether the caller runs on the process's main thread, where a loop must run.
    nonisolated static var onMainThread: Bool { pb_is_main_thread() }

    /// Has `readable` called, on the main thread, each time `descriptor` can be read, until it
    /// returns `false`.
    func read(_ descriptor: Int32, with readable: @escaping () -> Bool) {
        socket = (descriptor, readable)
    }

    /// Runs `program` as a task that starts at once, and the main actor's work, and reads the
    /// socket, until `program` returns; returns its status. It must be called on the main thread,
    /// before anything there awaited (Dispatch then serves the main actor on a thread of its
    /// pool, for good).
    func run(_ program: @escaping @MainActor () async -> Int32) -> Int32 {
        let outcome = Outcome()
        Task.immediate { @MainActor in outcome.status = await program() }
        let mainQueue = pb_main_queue_descriptor()
        while true {
            if let status = outcome.status { return status }
            let watched = socket
            var waiting = [pollfd(fd: mainQueue, events: Int16(POLLIN), revents: 0)]
            if let watched { waiting.append(pollfd(fd: watched.descriptor, events: Int16(POLLIN), revents: 0)) }
            guard poll(&waiting, nfds_t(waiting.count), -1) > 0 else { continue }
            if waiting[0].revents != 0 { pb_drain_main_queue() }
            if let watched, waiting[1].revents != 0, !watched.readable() { socket = nil }
        }
    }

    /// The status a program ``run(_:)`` runs returns, once it has.
    private final class Outcome {
        var status: Int32?
    }
}

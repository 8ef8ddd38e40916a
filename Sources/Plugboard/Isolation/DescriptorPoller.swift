internal import CPlugboard
internal import Glibc

/// The one thread that waits on the host's side of every plugin process — its socket and the pipe
/// of its output — and for the times its requests are due: the host's threads do not grow with its
/// plugin processes. Each descriptor is watched with a handler, called on that thread for one
/// event at a time: the handler reads what it can without waiting, and arms the descriptor again
/// (``arm(_:)``) for the next event. A handler never waits; what waits (reaping a process that
/// ended) goes to a thread of Dispatch's.
final class DescriptorPoller: Sendable {
    /// The host's poller; `nil` when the system could give it no epoll instance or thread.
    static let shared = DescriptorPoller()

    /// Why a handler is called.
    enum Event {
        /// Its descriptor can be read, or its other side closed.
        case readable
        /// The time it asked to be called at (``schedule(_:at:)``) came.
        case due
    }

    /// A descriptor watched, as its owner names it to the poller.
    struct Watch: Sendable {
        fileprivate let descriptor: Int32
        fileprivate let token: UInt64
    }

    private struct Watched {
        let descriptor: Int32
        let handler: @Sendable (Event) -> Void
        var due: ContinuousClock.Instant?
    }

    private struct State {
        var watched: [UInt64: Watched] = [:]
        /// Token 0 is the waker's.
        var lastToken: UInt64 = 0
        /// The earliest time due when the thread last began to wait: one earlier wakes it.
        var wakes: ContinuousClock.Instant?
    }

    private let poller: Int32
    /// An event descriptor the poller watches, written to wake the thread when a time comes due
    /// earlier than it waits for.
    private let waker: Int32
    private let state = PosixMutex(State())
    private let thread: WorkerThread

    private init?() {
        let poller = pb_poller_create()
        let waker = pb_wake_descriptor()
        guard poller >= 0, waker >= 0, pb_poller_watch(poller, waker, 0, 0) == 0, let thread = WorkerThread() else {
            if poller >= 0 { close(poller) }
            if waker >= 0 { close(waker) }
            return nil
        }
        self.poller = poller
        self.waker = waker
        self.thread = thread
        thread.async { [self] in run() }
    }

    /// Watches `descriptor`, which its owner keeps open until it calls ``forget(_:)``: `handler`
    /// is called on the poller's thread when it can be read (once; the handler, or whoever reads
    /// it, arms it again) and when a time scheduled for it comes. `nil` when the system refuses.
    func watch(_ descriptor: Int32, handler: @escaping @Sendable (Event) -> Void) -> Watch? {
        let token = state.withLock { state in
            state.lastToken += 1
            state.watched[state.lastToken] = Watched(descriptor: descriptor, handler: handler)
            return state.lastToken
        }
        guard pb_poller_watch(poller, descriptor, token, 0) == 0 else {
            _ = state.withLock { $0.watched.removeValue(forKey: token) }
            return nil
        }
        return Watch(descriptor: descriptor, token: token)
    }

    /// Arms `watch` again for its next event.
    func arm(_ watch: Watch) {
        _ = pb_poller_watch(poller, watch.descriptor, watch.token, 1)
    }

    /// Calls `watch`'s handler with ``Event/due`` at `due` (once), or never when `nil`, in place of
    /// the time set before.
    func schedule(_ watch: Watch, at due: ContinuousClock.Instant?) {
        let earlier = state.withLock { state -> Bool in
            guard state.watched[watch.token] != nil else { return false }
            state.watched[watch.token]?.due = due
            guard let due, state.wakes.map({ due < $0 }) ?? true else { return false }
            state.wakes = due
            return true
        }
        if earlier { pb_wake(waker) }
    }

    /// Stops watching `watch`, whose owner then closes its descriptor; its handler may still be
    /// running, once.
    func forget(_ watch: Watch) {
        _ = state.withLock { $0.watched.removeValue(forKey: watch.token) }
        _ = pb_poller_forget(poller, watch.descriptor)
    }

    /// The thread's body: waits for events and due times, and calls their handlers.
    private func run() {
        var tokens = [UInt64](repeating: 0, count: 64)
        while true {
            let timeout = state.withLock { state -> Int32 in
                state.wakes = state.watched.values.lazy.compactMap(\.due).min()
                return state.wakes.map { ($0 - .now).pollMilliseconds } ?? -1
            }
            let count = pb_poller_wait(poller, &tokens, Int32(tokens.count), timeout)
            for token in tokens.prefix(Int(max(count, 0))) {
                guard token != 0 else {
                    pb_woken(waker)
                    _ = pb_poller_watch(poller, waker, 0, 1)
                    continue
                }
                state.withLock { $0.watched[token]?.handler }?(.readable)
            }
            let now = ContinuousClock.now
            let due = state.withLock { state -> [@Sendable (Event) -> Void] in
                var handlers: [@Sendable (Event) -> Void] = []
                for (token, watched) in state.watched where watched.due.map({ $0 <= now }) ?? false {
                    state.watched[token]?.due = nil
                    handlers.append(watched.handler)
                }
                return handlers
            }
            for handler in due { handler(.due) }
        }
    }
}

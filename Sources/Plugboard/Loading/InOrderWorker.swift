internal import CPlugboard
internal import Dispatch

/// Runs work on a thread of its own, one piece after another in the order it was submitted, while
/// the submitting thread takes the results in that same order as they become ready.
///
/// The loader opens the next plugin files this way while it registers the ones already open. On
/// a machine with one processor a second thread would only take turns with the first, so there the
/// work runs at once, on the submitting thread, as a single piece of work does. Work submitted
/// before the thread has started also runs at once, on the submitting thread, rather than wait for
/// it; once some work went to the thread, all later work does, so that it keeps its order.
final class InOrderWorker<Value: Sendable>: Sendable {
    /// The worker's own thread, or `nil` when work runs on the submitting thread.
    private let thread: WorkerThread?
    /// Signalled when the result the submitting thread waits for is ready.
    private let ready = DispatchSemaphore(value: 0)
    private let state = PosixMutex(State())

    /// What the two threads share.
    private struct State {
        /// Finished results, oldest first; those taken are `nil`.
        var values: [Value?] = []
        /// How many results were taken.
        var taken = 0
        /// How many pieces of work were submitted.
        var submitted = 0
        /// The count of finished results at which the submitting thread, asleep, is to be woken.
        var wakeAt = Int.max
    }

    /// Creates a worker; `concurrent` says whether it has a thread of its own.
    init(concurrent: Bool) {
        // Starting a thread takes a while: it starts now, so that it runs by the time work arrives.
        thread = concurrent ? WorkerThread() : nil
    }

    /// Creates a worker for `pieces` pieces of work, with a thread of its own when there is more
    /// than one and the thread may run on more than one processor: one piece would only wait for
    /// the thread to start, or run here before it has.
    convenience init(expecting pieces: Int) {
        self.init(concurrent: pieces > 1 && pb_available_processors() > 1)
    }

    /// Starts `work` after everything submitted before it.
    func submit(_ work: @escaping @Sendable () -> Value) {
        state.withLock { $0.submitted += 1 }
        // Once ready, the thread stays ready: no later work runs here before earlier work there.
        guard let thread, thread.isReady else { return finish(work()) }
        thread.async { [self] in finish(work()) }
    }

    private func finish(_ value: Value) {
        let wake = state.withLock { state in
            state.values.append(value)
            return state.values.count == state.wakeAt
        }
        if wake { ready.signal() }
    }

    /// Releases `value` on the worker's thread after the work submitted before it, so that the
    /// submitting thread does not wait for it to be deinitialized.
    func release(_ value: consuming some Sendable) {
        thread?.release(value)
    }

    /// The result of the oldest submitted work not yet taken, waiting until it is ready.
    /// Call it at most once per submission.
    ///
    /// When it has to wait, it asks to be woken once half the work still running has finished,
    /// not just the next piece: waking a sleeping thread costs the worker's thread a system call,
    /// and the submitting thread takes the results that are ready faster than the worker makes
    /// them. It looks again every ``longestWait`` all the same, so that slow work is reported (to
    /// a progress line, say) soon after each piece finishes.
    func next() -> Value {
        while true {
            let value = state.withLock { state in
                if state.values.count > state.taken { return take(from: &state) }
                state.wakeAt = state.taken + max(1, (state.submitted - state.taken) / 2)
                return nil
            }
            if let value { return value }
            // A signal sent as the wait timed out only ends a later wait early: the loop looks again.
            _ = ready.wait(timeout: .now() + Self.longestWait)
            state.withLock { $0.wakeAt = .max }
        }
    }

    /// How long ``next()`` sleeps at most before it looks for results again.
    private static var longestWait: DispatchTimeInterval { .milliseconds(50) }

    private func take(from state: inout State) -> Value? {
        defer {
            state.values[state.taken] = nil
            state.taken += 1
        }
        return state.values[state.taken]
    }
}

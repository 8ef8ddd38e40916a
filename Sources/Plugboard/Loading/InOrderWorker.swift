internal import CPlugboard
internal import Dispatch

/// Runs work on a thread of its own, one piece after another in the order it was submitted, while
/// the submitting thread takes the results in that same order as they become ready.
///
/// The loader opens the next plugin files this way while it registers the ones already open. On
/// a machine with one processor a second thread would only take turns with the first, so there the
/// work runs at once, on the submitting thread.
final class InOrderWorker<Value: Sendable>: Sendable {
    /// The worker's own queue, or `nil` when work runs on the submitting thread.
    private let queue: DispatchQueue?
    private let ready = DispatchSemaphore(value: 0)
    /// Finished results not yet taken, oldest first, and how many were taken.
    private let results = PosixMutex<(values: [Value?], taken: Int)>(([], 0))

    /// Creates a worker; `concurrent` says whether it has a thread of its own (by default, when
    /// the thread may run on more than one processor).
    init(concurrent: Bool = pb_available_processors() > 1) {
        queue = concurrent ? DispatchQueue(label: "plugboard.in-order-worker") : nil
        // Starting a thread takes a while: start it now, so that it runs by the time work arrives.
        queue?.async {}
    }

    /// Starts `work` after everything submitted before it.
    func submit(_ work: @escaping @Sendable () -> Value) {
        guard let queue else { return finish(work()) }
        queue.async { [self] in finish(work()) }
    }

    private func finish(_ value: Value) {
        results.withLock { $0.values.append(value) }
        ready.signal()
    }

    /// Releases `value` on the worker's thread after the work submitted before it, so that the
    /// submitting thread does not wait for it to be deinitialized.
    func release(_ value: consuming some Sendable) {
        // Held where only the worker lets go of it: a reference left with this call could be the
        // last one if the worker got there first.
        let held = PosixMutex(Optional(consume value))
        queue?.async { held.withLock { $0 = nil } }
    }

    /// The result of the oldest submitted work not yet taken, waiting until it is ready.
    /// Call it at most once per submission.
    func next() -> Value {
        ready.wait()
        return results.withLock { results in
            defer {
                results.values[results.taken] = nil
                results.taken += 1
            }
            return results.values[results.taken]!
        }
    }
}

internal import Dispatch
internal import Synchronization

/// Runs work on a thread of its own, one piece after another in the order it was submitted, while
/// the submitting thread takes the results in that same order as they become ready.
///
/// The loader opens the next plugin files this way while it registers the ones already open.
final class InOrderWorker<Value: Sendable>: Sendable {
    private let queue = DispatchQueue(label: "plugboard.in-order-worker")
    private let ready = DispatchSemaphore(value: 0)
    /// Finished results not yet taken, oldest first, and how many were taken.
    private let results = Mutex<(values: [Value?], taken: Int)>(([], 0))

    /// Starts `work` after everything submitted before it.
    func submit(_ work: @escaping @Sendable () -> Value) {
        queue.async { [self] in
            let value = work()
            results.withLock { $0.values.append(value) }
            ready.signal()
        }
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

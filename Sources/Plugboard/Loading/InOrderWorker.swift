internal import CPlugboard
internal import Dispatch

/// Runs work on a thread of its own, one piece after another in the order it was submitted, while
/// the submitting thread takes the results in that same order as they become ready.
///
/// The loader opens the next plugin files this way while it registers the ones already open. On
/// a machine with one processor a second thread would only take turns with the first, so there the
/// work runs at once, on the submitting thread.
final class InOrderWorker<Value: Sendable>: Sendable {
    /// The worker's own thread, or `nil` when work runs on the submitting thread.
    private let thread: WorkerThread?
    private let ready = DispatchSemaphore(value: 0)
    private let results = PosixMutex(Results())

    /// Finished results not yet taken, oldest first, and how many were taken.
    private struct Results {
        var values: [Value?] = []
        var taken = 0
    }

    /// Creates a worker; `concurrent` says whether it has a thread of its own (by default, when
    /// the thread may run on more than one processor).
    init(concurrent: Bool = pb_available_processors() > 1) {
        // Starting a thread takes a while: it starts now, so that it runs by the time work arrives.
        thread = concurrent ? WorkerThread() : nil
    }

    /// Starts `work` after everything submitted before it.
    func submit(_ work: @escaping @Sendable () -> Value) {
        guard let thread else { return finish(work()) }
        thread.async { [self] in finish(work()) }
    }

    private func finish(_ value: Value) {
        results.withLock { $0.values.append(value) }
        ready.signal()
    }

    /// Releases `value` on the worker's thread after the work submitted before it, so that the
    /// submitting thread does not wait for it to be deinitialized.
    func release(_ value: consuming some Sendable) {
        thread?.release(value)
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

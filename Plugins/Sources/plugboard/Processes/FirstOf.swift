import Synchronization

/// A continuation resumed by whichever of several racers finishes first; the others' values are
/// dropped.
final class FirstOf<Value: Sendable>: Sendable {
    private let waiting = Mutex<CheckedContinuation<Value, Never>?>(nil)

    /// Sets the continuation the first value resumes.
    func setWaiter(_ continuation: CheckedContinuation<Value, Never>) {
        waiting.withLock { $0 = continuation }
    }

    /// Resumes the continuation with `value`, unless another racer did.
    func finish(_ value: Value) {
        waiting.withLock { $0.take() }?.resume(returning: value)
    }
}

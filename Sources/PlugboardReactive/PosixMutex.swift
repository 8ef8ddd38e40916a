/// A value behind a POSIX mutex (a ``PosixLock``): every lock of the runtime that guards a value
/// (and of its tests) is one.
///
/// `Synchronization.Mutex` takes a contended lock inside the kernel (a priority-inheritance
/// futex), where the thread sanitizer cannot see the hand-over and reports the accesses it
/// orders as races. `pthread_mutex_lock` is one the sanitizer knows, so CI's sanitizer run
/// checks for real races only; without contention both cost one atomic operation.
@usableFromInline
package final class PosixMutex<Value>: @unchecked Sendable {
    // Safe to share: `value` is only touched while `lock` is held.
    @usableFromInline let lock = PosixLock()
    @usableFromInline var value: Value

    package init(_ value: Value) {
        self.value = value
    }

    /// Runs `body` with the value while holding the mutex.
    @inlinable
    package func withLock<Result, Failure: Error>(
        _ body: (inout Value) throws(Failure) -> Result
    ) throws(Failure) -> Result {
        try lock.withLock { () throws(Failure) -> Result in try body(&value) }
    }

    /// Runs `body` with the value while holding the mutex, if no other thread holds it; `nil`
    /// without waiting when one does.
    @inlinable
    package func withLockIfAvailable<Result, Failure: Error>(
        _ body: (inout Value) throws(Failure) -> Result
    ) throws(Failure) -> Result? {
        try lock.withLockIfAvailable { () throws(Failure) -> Result in try body(&value) }
    }
}

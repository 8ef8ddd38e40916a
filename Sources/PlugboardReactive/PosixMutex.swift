public import Glibc

/// A value behind a POSIX mutex: every lock of the runtime that guards a value (and of its
/// tests) is one; a lock that guards work rather than a value is a ``PosixLock``.
///
/// `Synchronization.Mutex` takes a contended lock inside the kernel (a priority-inheritance
/// futex), where the thread sanitizer cannot see the hand-over and reports the accesses it
/// orders as races. `pthread_mutex_lock` is one the sanitizer knows, so CI's sanitizer run
/// checks for real races only; without contention both cost one atomic operation.
@usableFromInline
package final class PosixMutex<Value>: @unchecked Sendable {
    // Safe to share: `value` is only touched between `pthread_mutex_lock` and `_unlock`.
    @usableFromInline let mutex = adaptiveMutex()
    @usableFromInline var value: Value

    package init(_ value: Value) {
        self.value = value
    }

    deinit {
        pthread_mutex_destroy(mutex)
        mutex.deallocate()
    }

    /// Runs `body` with the value while holding the mutex.
    @inlinable
    package func withLock<Result, Failure: Error>(
        _ body: (inout Value) throws(Failure) -> Result
    ) throws(Failure) -> Result {
        pthread_mutex_lock(mutex)
        defer { pthread_mutex_unlock(mutex) }
        return try body(&value)
    }

    /// Runs `body` with the value while holding the mutex, if no other thread holds it; `nil`
    /// without waiting when one does.
    @inlinable
    package func withLockIfAvailable<Result, Failure: Error>(
        _ body: (inout Value) throws(Failure) -> Result
    ) throws(Failure) -> Result? {
        guard pthread_mutex_trylock(mutex) == 0 else { return nil }
        defer { pthread_mutex_unlock(mutex) }
        return try body(&value)
    }
}

/// A new POSIX mutex, adaptive: a contended lock spins briefly before sleeping, since the
/// runtime's locks are held only for a few steps. Its owner destroys and deallocates it.
func adaptiveMutex() -> UnsafeMutablePointer<pthread_mutex_t> {
    let mutex = UnsafeMutablePointer<pthread_mutex_t>.allocate(capacity: 1)
    var attributes = pthread_mutexattr_t()
    pthread_mutexattr_init(&attributes)
    pthread_mutexattr_settype(&attributes, Int32(PTHREAD_MUTEX_ADAPTIVE_NP))
    pthread_mutex_init(mutex, &attributes)
    pthread_mutexattr_destroy(&attributes)
    return mutex
}

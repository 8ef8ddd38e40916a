public import Glibc

/// A POSIX mutex that guards a stretch of work rather than a value: a read of a socket, a frame
/// sent, a report made. A ``PosixMutex`` of no value (`PosixMutex(())`) would serve as well, but
/// the thread sanitizer takes its accesses to the empty value, which have no storage, for races
/// between threads that each hold the lock; this one touches no value, so the sanitizer sees only
/// the lock.
@usableFromInline
package final class PosixLock: @unchecked Sendable {
    // Safe to share: the mutex is only used through `pthread_mutex_*`.
    @usableFromInline let mutex = adaptiveMutex()

    package init() {}

    deinit {
        pthread_mutex_destroy(mutex)
        mutex.deallocate()
    }

    /// Runs `body` while holding the lock.
    @inlinable
    package func withLock<Result, Failure: Error>(_ body: () throws(Failure) -> Result) throws(Failure) -> Result {
        pthread_mutex_lock(mutex)
        defer { pthread_mutex_unlock(mutex) }
        return try body()
    }

    /// Runs `body` while holding the lock, if no other thread holds it; `nil` without waiting when
    /// one does.
    @inlinable
    package func withLockIfAvailable<Result, Failure: Error>(
        _ body: () throws(Failure) -> Result
    ) throws(Failure) -> Result? {
        guard pthread_mutex_trylock(mutex) == 0 else { return nil }
        defer { pthread_mutex_unlock(mutex) }
        return try body()
    }
}

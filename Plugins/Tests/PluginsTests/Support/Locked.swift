import Foundation

/// A value behind an `NSLock`, for the tests' own shared state. The tests of both packages run
/// under the thread sanitizer, which cannot see `Synchronization.Mutex` hand a contended lock over
/// (it waits in the kernel) and reports the accesses it orders as races; `NSLock` is a
/// `pthread_mutex_t`, which the sanitizer knows. (The end-to-end package's tests use this file
/// too, through a symbolic link.)
final class Locked<Value>: @unchecked Sendable {
    // Safe to share: `value` is only touched while `lock` is held.
    private let lock = NSLock()
    private var value: Value

    init(_ value: Value) {
        self.value = value
    }

    /// Runs `body` with the value while holding the lock.
    func withLock<Result>(_ body: (inout Value) throws -> Result) rethrows -> Result {
        lock.lock()
        defer { lock.unlock() }
        return try body(&value)
    }
}

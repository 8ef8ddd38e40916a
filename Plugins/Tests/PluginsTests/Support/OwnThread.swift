import Foundation

/// Runs `body`, which blocks (it waits for a process), on a thread of its own, and returns what it
/// returned: the tests run on the few threads of Swift's concurrency pool, one per core, and a test
/// that blocked one while a host ran would hold up every other test, among them those whose
/// runtime waits on that pool for its own tasks (a launch's task timed out, its sleep not resumed).
func onThreadOfItsOwn<Value: Sendable>(_ body: @escaping @Sendable () throws -> Value) async throws -> Value {
    try await withCheckedThrowingContinuation { continuation in
        Thread { continuation.resume(with: Result { try body() }) }.start()
    }
}

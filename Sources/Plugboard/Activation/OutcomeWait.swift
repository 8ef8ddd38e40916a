import PlugboardReactive

/// What the users of a plugin being activated wait for: the end of its activation, which runs in
/// a task of its own (so that no user's cancellation reaches it), started by the first user.
typealias ActivationWait = OutcomeWait<Void, ActivationError>

/// The end of work that one caller does and others wait for (a plugin's activation, a plugin
/// process's start): each waits for its outcome, and those who come later have it at once.
final class OutcomeWait<Value: Sendable, Failure: Error>: Sendable {
    private struct State {
        var outcome: Result<Value, Failure>?
        var waiting: [UnsafeContinuation<Result<Value, Failure>, Never>] = []
    }

    private let state = PosixMutex(State())

    /// Ends the wait with `outcome`, for those waiting and those who come later.
    func finish(_ outcome: Result<Value, Failure>) {
        let waiting = state.withLock { state in
            state.outcome = outcome
            defer { state.waiting = [] }
            return state.waiting
        }
        for continuation in waiting { continuation.resume(returning: outcome) }
    }

    /// Returns the outcome once the work has ended; at once, without suspending, when it has
    /// already.
    /// - Throws: The work's error.
    func value() async throws(Failure) -> Value {
        if let outcome = state.withLock({ $0.outcome }) { return try outcome.get() }
        let outcome = await withUnsafeContinuation { continuation in
            let outcome = state.withLock { state in
                if state.outcome == nil { state.waiting.append(continuation) }
                return state.outcome
            }
            if let outcome { continuation.resume(returning: outcome) }
        }
        return try outcome.get()
    }
}

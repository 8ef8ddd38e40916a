import PlugboardReactive

/// What the users of a plugin being activated wait for: the end of its activation, which runs in
/// a task of its own (so that no user's cancellation reaches it), started by the first user.
final class ActivationWait: Sendable {
    private struct State {
        var outcome: Result<Void, ActivationError>?
        var waiting: [UnsafeContinuation<Result<Void, ActivationError>, Never>] = []
    }

    private let state = PosixMutex(State())

    /// Ends the wait with `outcome`, for those waiting and those who come later.
    func finish(_ outcome: Result<Void, ActivationError>) {
        let waiting = state.withLock { state in
            state.outcome = outcome
            defer { state.waiting = [] }
            return state.waiting
        }
        for continuation in waiting { continuation.resume(returning: outcome) }
    }

    /// Returns when the activation has ended; at once, without suspending, when it has already.
    /// - Throws: The activation's ``ActivationError``.
    func value() async throws(ActivationError) {
        if let outcome = state.withLock({ $0.outcome }) { return try outcome.get() }
        let outcome = await withUnsafeContinuation { continuation in
            let outcome = state.withLock { state in
                if state.outcome == nil { state.waiting.append(continuation) }
                return state.outcome
            }
            if let outcome { continuation.resume(returning: outcome) }
        }
        try outcome.get()
    }
}

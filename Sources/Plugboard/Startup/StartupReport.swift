/// What happened to each startup task in one launch, in the order they were considered.
public struct StartupReport: Sendable {
    /// How one task ended.
    public enum Outcome: Sendable, Hashable {
        /// The task finished without error.
        case succeeded
        /// The task threw; the reason is the error's description.
        case failed(reason: String)
        /// The task did not run; the reason says why.
        case skipped(reason: String)
    }

    /// One task's outcome.
    public struct Entry: Sendable {
        /// The task's name.
        public let name: String
        /// The module that registered the task.
        public let owner: Owner
        /// How the task ended.
        public let outcome: Outcome
    }

    /// Every task, in the order the launch considered them.
    public let entries: [Entry]

    /// Whether every task succeeded.
    public var succeeded: Bool {
        entries.allSatisfy { $0.outcome == .succeeded }
    }
}

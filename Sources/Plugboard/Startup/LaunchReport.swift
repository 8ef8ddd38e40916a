/// What happened in one launch: every task's timing and outcome, and the critical path.
public struct LaunchReport: Sendable {
    /// How a task ended.
    public enum Outcome: Sendable, Hashable, CustomStringConvertible {
        /// The task finished without error.
        case succeeded
        /// The task threw; the reason is the error's description.
        case failed(reason: String)
        /// The task ran longer than its timeout and was cancelled.
        case timedOut(after: Duration)
        /// The task was running when the launch stopped, and was cancelled.
        case cancelled(reason: String)
        /// The task did not run; the reason says why.
        case skipped(reason: String)

        /// Whether the task's work completed.
        public var isSuccess: Bool { self == .succeeded }

        /// `succeeded`, `failed: …`, `timed out after …`, `cancelled: …` or `skipped: …`.
        public var description: String {
            switch self {
            case .succeeded: "succeeded"
            case .failed(let reason): "failed: \(reason)"
            case .timedOut(let limit): "timed out after \(limit)"
            case .cancelled(let reason): "cancelled: \(reason)"
            case .skipped(let reason): "skipped: \(reason)"
            }
        }
    }

    /// One task of the launch.
    public struct Entry: Sendable {
        /// The task's name.
        public let name: String
        /// The module that registered the task.
        public let owner: Owner
        /// The task's phase.
        public let phase: StartupPhase
        /// Whether the task ran on the main actor.
        public let isMainActor: Bool
        /// Whether the task's failure stops the launch.
        public let isRequired: Bool
        /// The names of the tasks it depends on.
        public let dependencies: [String]
        /// When the task started, from the start of the launch (zero for tasks that did not run).
        public let start: Duration
        /// How long the task ran.
        public let duration: Duration
        /// How the task ended.
        public let outcome: Outcome
        /// How much later the task could have started without delaying the launch.
        public internal(set) var slack: Duration = .zero
    }

    /// The first required task that failed, with its owner and the reason.
    public struct Failure: Sendable, Hashable, CustomStringConvertible {
        /// The task's name.
        public let task: String
        /// The task's owner.
        public let owner: Owner
        /// The task's outcome.
        public let outcome: Outcome

        /// `required task 'x' of module … failed: …`.
        public var description: String {
            "required task '\(task)' of \(owner) \(outcome)"
        }
    }

    /// Every task, in the graph's registration order.
    public let entries: [Entry]
    /// The tasks on the critical path, first to last: the chain that determined the launch's length.
    public let criticalPath: [String]
    /// How long the launch took.
    public let duration: Duration
    /// The failure that stopped the launch, or `nil`.
    public let failure: Failure?
    /// Whether the task that launched was cancelled, which stops the launch too.
    public let wasCancelled: Bool

    /// Whether the launch ran to the end: no required task failed and it was not cancelled.
    public var succeeded: Bool { failure == nil && !wasCancelled }

    /// The entry of the task named `name`.
    public func entry(named name: String) -> Entry? {
        entries.first { $0.name == name }
    }
}

/// What happened in one launch: every task's timing and outcome, and the critical path.
///
/// ```swift
/// let report = try await Application().launch()
/// for entry in report.entries { print(entry.name, entry.outcome, entry.duration) }
/// try report.chromeTrace().write(to: URL(filePath: "launch.trace.json"))
/// ```
public struct LaunchReport: Sendable, Equatable, Codable {
    /// How a task ended.
    ///
    /// ```swift
    /// switch report.entry(named: "db.open")?.outcome {
    /// case .succeeded?: print("open")
    /// case .skipped(let reason)?: print("skipped:", reason)
    /// default: print("failed or missing")
    /// }
    /// ```
    public enum Outcome: Sendable, Hashable, Codable, CustomStringConvertible {
        /// The task finished without error.
        ///
        /// ```swift
        /// report.entry(named: "config.load")?.outcome == .succeeded
        /// ```
        case succeeded
        /// The task threw; the reason is the error's description.
        ///
        /// ```swift
        /// if case .failed(let reason)? = report.entry(named: "db.open")?.outcome { print(reason) }
        /// ```
        case failed(reason: String)
        /// The task ran longer than its timeout and was cancelled.
        ///
        /// ```swift
        /// if case .timedOut(let limit)? = report.entry(named: "remote.config")?.outcome { print(limit) }
        /// ```
        case timedOut(after: Duration)
        /// The task was running when the launch stopped, and was cancelled.
        ///
        /// ```swift
        /// if case .cancelled? = report.entry(named: "feed.prefetch")?.outcome { print("cut short") }
        /// ```
        case cancelled(reason: String)
        /// The task did not run; the reason says why.
        ///
        /// ```swift
        /// if case .skipped(let reason)? = report.entry(named: "thumbnails")?.outcome { print(reason) }
        /// ```
        case skipped(reason: String)
        /// The launch stopped while the task ran, and the task had not ended a moment after it
        /// was cancelled: the launch went on without it, and what it does later is not recorded.
        ///
        /// ```swift
        /// if case .abandoned(let ran)? = report.entry(named: "analytics.start")?.outcome { print(ran) }
        /// ```
        case abandoned(after: Duration)

        /// Whether the task's work completed.
        ///
        /// ```swift
        /// report.entries.filter { !$0.outcome.isSuccess }.map(\.name)
        /// ```
        public var isSuccess: Bool { self == .succeeded }

        /// `succeeded`, `failed: …`, `timed out after …`, `cancelled: …`, `skipped: …` or
        /// `abandoned after …`.
        ///
        /// ```swift
        /// print(entry.outcome)  // skipped: depends on 'db.open', which failed: …
        /// ```
        public var description: String {
            switch self {
            case .succeeded: "succeeded"
            case .failed(let reason): "failed: \(reason)"
            case .timedOut(let limit): "timed out after \(limit)"
            case .cancelled(let reason): "cancelled: \(reason)"
            case .skipped(let reason): "skipped: \(reason)"
            case .abandoned(let ran): "abandoned after \(ran.secondsText): it did not end when the launch stopped"
            }
        }
    }

    /// One task of the launch.
    ///
    /// ```swift
    /// for entry in report.entries {
    ///     print(entry.name, entry.owner.module, entry.start, entry.duration, entry.outcome)
    /// }
    /// ```
    public struct Entry: Sendable, Equatable, Codable {
        /// The task's name.
        ///
        /// ```swift
        /// report.entries.map(\.name)
        /// ```
        public let name: String
        /// The module that registered the task.
        ///
        /// ```swift
        /// report.entry(named: "db.open")?.owner.module  // "Shell.ShellModule"
        /// ```
        public let owner: Owner
        /// The task's phase.
        ///
        /// ```swift
        /// report.entries.filter { $0.phase == .afterFirstScreen }.count
        /// ```
        public let phase: StartupPhase
        /// Whether the task ran on the main actor.
        ///
        /// ```swift
        /// report.entries.filter(\.isMainActor).map(\.name)
        /// ```
        public let isMainActor: Bool
        /// Whether the task's failure stops the launch.
        ///
        /// ```swift
        /// report.entries.filter { !$0.isRequired }.map(\.name)  // the optional tasks
        /// ```
        public let isRequired: Bool
        /// The names of the tasks it depends on.
        ///
        /// ```swift
        /// report.entry(named: "db.open")?.dependencies  // ["config.load"]
        /// ```
        public let dependencies: [String]
        /// When the task started, from the start of the launch (zero for tasks that did not run).
        ///
        /// ```swift
        /// report.entries.sorted { $0.start < $1.start }.map(\.name)  // in the order they started
        /// ```
        public let start: Duration
        /// How long the task ran.
        ///
        /// ```swift
        /// report.entries.max { $0.duration < $1.duration }?.name  // the slowest task
        /// ```
        public let duration: Duration
        /// How the task ended.
        ///
        /// ```swift
        /// report.entries.filter { $0.outcome != .succeeded }.map { "\($0.name): \($0.outcome)" }
        /// ```
        public let outcome: Outcome
        /// How much later the task could have started without delaying the launch.
        ///
        /// ```swift
        /// report.entries.filter { $0.slack == .zero }.map(\.name)  // tasks that delay the launch if slower
        /// ```
        public internal(set) var slack: Duration = .zero
    }

    /// The first required task that failed, with its owner and the reason.
    ///
    /// ```swift
    /// if let failure = report.failure {
    ///     print(failure)  // required task 'db.open' of module … failed: …
    /// }
    /// ```
    public struct Failure: Sendable, Hashable, Codable, CustomStringConvertible {
        /// The task's name.
        ///
        /// ```swift
        /// report.failure?.task  // "db.open"
        /// ```
        public let task: String
        /// The task's owner.
        ///
        /// ```swift
        /// report.failure?.owner.image  // the plugin file to look at
        /// ```
        public let owner: Owner
        /// The task's outcome.
        ///
        /// ```swift
        /// report.failure?.outcome  // .failed(reason: …) or .timedOut(after: …)
        /// ```
        public let outcome: Outcome

        /// `required task 'x' of module … failed: …`.
        ///
        /// ```swift
        /// report.failure.map { print($0.description) }
        /// ```
        public var description: String {
            "required task '\(task)' of \(owner) \(outcome)"
        }
    }

    /// Every task, in the graph's registration order.
    ///
    /// ```swift
    /// report.entries.count == Registry.shared.snapshot.tasks.count  // true
    /// ```
    public let entries: [Entry]
    /// The tasks on the critical path, first to last: the chain that determined the launch's length.
    ///
    /// ```swift
    /// print(report.criticalPath.joined(separator: " -> "))  // config.load -> db.open -> root.screen
    /// ```
    public let criticalPath: [String]
    /// How long the launch took.
    ///
    /// ```swift
    /// print("launched in", report.duration)
    /// ```
    public let duration: Duration
    /// The failure that stopped the launch, or `nil`.
    ///
    /// ```swift
    /// if let failure = report.failure { print("launch stopped:", failure) }
    /// ```
    public let failure: Failure?
    /// Whether the task that launched was cancelled, which stops the launch too.
    ///
    /// ```swift
    /// let launch = Task { try await app.launch() }
    /// launch.cancel()
    /// try await launch.value.wasCancelled  // true
    /// ```
    public let wasCancelled: Bool
    /// The plugins kept from launching, with why (only with `launch(quarantining: true)`).
    ///
    /// ```swift
    /// for quarantined in report.quarantined { print("quarantined", quarantined) }
    /// ```
    public let quarantined: [QuarantinedPlugin]

    /// Whether the launch ran to the end: no required task failed and it was not cancelled.
    ///
    /// ```swift
    /// guard report.succeeded else { exit(1) }
    /// ```
    public var succeeded: Bool { failure == nil && !wasCancelled }

    /// The entry of the task named `name`.
    ///
    /// ```swift
    /// report.entry(named: "db.open")?.duration
    /// ```
    public func entry(named name: String) -> Entry? {
        entries.first { $0.name == name }
    }
}

/// A named unit of launch work registered by a module.
///
/// Tasks form a graph through ``dependencies``; ``Application/launch(allowingMissingDependencies:progress:onFirstScreen:)`` validates
/// the whole graph, then runs each task as soon as its dependencies have finished.
public struct StartupTask: Sendable {
    /// The task's name, unique in the registry.
    public let name: String
    /// Names of the tasks this one runs after.
    public let dependencies: [String]
    /// The phase the task runs in.
    public let phase: StartupPhase
    /// Whether the task runs on the main actor.
    public let isMainActor: Bool
    /// How long the task may run before it is cancelled and counted as failed, or `nil`.
    public let timeout: Duration?
    /// Whether a failure stops the launch (`true`) or only skips the tasks that depend on it.
    public let isRequired: Bool
    /// The module that registered the task.
    public let owner: Owner
    /// The launch work.
    public let body: @Sendable () async throws -> Void

    /// Creates a task; modules register tasks through ``ModuleRegistrar`` instead.
    /// - Parameters:
    ///   - name: The task's unique name.
    ///   - dependencies: Names of the tasks this one runs after.
    ///   - phase: The phase the task runs in.
    ///   - isMainActor: Whether `body` is isolated to the main actor.
    ///   - timeout: How long the task may run, or `nil` for no limit.
    ///   - isRequired: Whether a failure stops the launch.
    ///   - owner: The module that owns the task.
    ///   - body: The launch work.
    public init(
        name: String,
        dependencies: [String] = [],
        phase: StartupPhase = .launch,
        isMainActor: Bool = false,
        timeout: Duration? = nil,
        isRequired: Bool = true,
        owner: Owner,
        body: @escaping @Sendable () async throws -> Void
    ) {
        self.name = name
        self.dependencies = dependencies
        self.phase = phase
        self.isMainActor = isMainActor
        self.timeout = timeout
        self.isRequired = isRequired
        self.owner = owner
        self.body = body
    }
}

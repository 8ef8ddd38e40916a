/// A named unit of launch work registered by a module.
///
/// Tasks form a graph through ``dependencies``; ``Application/launch(allowingMissingDependencies:quarantining:progress:stillRunning:onFirstScreen:)`` validates
/// the whole graph, then runs each task as soon as its dependencies have finished.
///
/// ```swift
/// registrar.startupTask("db.open", after: ["config.load"], timeout: .seconds(2)) {
///     try await Database.shared.open()
/// }
/// ```
public struct StartupTask: Sendable {
    /// The task's name, unique in the registry.
    ///
    /// ```swift
    /// snapshot.tasks.map(\.name)  // ["config.load", "db.open", …]
    /// ```
    public let name: String
    /// Names of the tasks this one runs after.
    ///
    /// ```swift
    /// registrar.startupTask("feed.prefetch", after: ["db.open", "network.up"]) { /* … */ }
    /// ```
    public let dependencies: [String]
    /// The phase the task runs in.
    ///
    /// ```swift
    /// registrar.startupTask("thumbnails", phase: .afterFirstScreen, required: false) { /* … */ }
    /// ```
    public let phase: StartupPhase
    /// Whether the task runs on the main actor.
    ///
    /// ```swift
    /// registrar.mainActorStartupTask("root.window") { window.makeKeyAndVisible() }
    /// ```
    public let isMainActor: Bool
    /// How long the task may run before it is cancelled and counted as timed out, or `nil` for
    /// the host's deadline (``Application/taskTimeout``, by default ``defaultTimeout``).
    ///
    /// ```swift
    /// registrar.startupTask("remote.config", timeout: .milliseconds(500), required: false) { /* … */ }
    /// ```
    public let timeout: Duration?
    /// The deadline of a task that names no timeout of its own, unless its host chose another:
    /// 20 seconds, about what iOS allows an app to launch before it ends it.
    ///
    /// ```swift
    /// StartupTask.defaultTimeout  // .seconds(20)
    /// ```
    public static let defaultTimeout: Duration = .seconds(20)
    /// Whether a failure stops the launch (`true`) or only skips the tasks that depend on it.
    ///
    /// ```swift
    /// registrar.startupTask("analytics", required: false) { /* a failure skips its dependents only */ }
    /// ```
    public let isRequired: Bool
    /// Whether the task runs when the application launches even where its plugin is activated
    /// lazily, which makes its plugin active at launch. Otherwise, in a host that activates
    /// plugins when first needed (``PluginPopulation``), the task runs when its plugin activates;
    /// where every plugin is loaded at start, and for modules linked into the host, every task
    /// runs at launch.
    ///
    /// ```swift
    /// registrar.mainActorStartupTask("shell.root-screen", atLaunch: true) { navigator.setRoot("app://tabs") }
    /// ```
    public let runsAtLaunch: Bool
    /// The module that registered the task.
    ///
    /// ```swift
    /// task.owner.module  // "Shell.ShellModule"
    /// ```
    public let owner: Owner
    /// The launch work.
    ///
    /// ```swift
    /// try await task.body()  // what the orchestrator calls
    /// ```
    public let body: @Sendable () async throws -> Void

    /// Creates a task; modules register tasks through ``ModuleRegistrar`` instead.
    /// - Parameters:
    ///   - name: The task's unique name.
    ///   - dependencies: Names of the tasks this one runs after.
    ///   - phase: The phase the task runs in.
    ///   - isMainActor: Whether `body` is isolated to the main actor.
    ///   - timeout: How long the task may run, or `nil` for the host's deadline.
    ///   - isRequired: Whether a failure stops the launch.
    ///   - runsAtLaunch: Whether the task runs at launch even where its plugin is activated lazily.
    ///   - owner: The module that owns the task.
    ///   - body: The launch work.
    ///
    /// ```swift
    /// let task = StartupTask(name: "warm", owner: Owner(module: "Tests", image: "tests")) { /* … */ }
    /// let graph = try StartupGraph(tasks: [task])
    /// ```
    public init(
        name: String,
        dependencies: [String] = [],
        phase: StartupPhase = .launch,
        isMainActor: Bool = false,
        timeout: Duration? = nil,
        isRequired: Bool = true,
        runsAtLaunch: Bool = false,
        owner: Owner,
        body: @escaping @Sendable () async throws -> Void
    ) {
        self.name = name
        self.dependencies = dependencies
        self.phase = phase
        self.isMainActor = isMainActor
        self.timeout = timeout
        self.isRequired = isRequired
        self.runsAtLaunch = runsAtLaunch
        self.owner = owner
        self.body = body
    }
}

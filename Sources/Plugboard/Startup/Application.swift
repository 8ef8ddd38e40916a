/// The running application: launches the registered startup tasks, delivers lifecycle events
/// and shuts down — the AppDelegate, decomposed into what each module registered.
///
/// ```swift
/// let app = Application(registry: .shared)
/// let report = try await app.launch { entry in print(entry.name, entry.outcome) }
/// await app.post(Event(.custom("deep-link"), userInfo: ["url": "app://circles/42"]))
/// await app.terminate()
/// ```
public actor Application {
    /// Where the application is in its life.
    ///
    /// ```swift
    /// if await app.state == .running { print("ready") }
    /// ```
    public enum State: Sendable, Hashable {
        /// Created, not launched.
        ///
        /// ```swift
        /// await Application().state  // .initial
        /// ```
        case initial
        /// Running the launch phase; events posted now are held.
        ///
        /// ```swift
        /// await app.post(Event(.custom("deep-link")))  // held while the state is .launching
        /// ```
        case launching
        /// Launched; events are delivered as they are posted.
        ///
        /// ```swift
        /// _ = try await app.launch()
        /// await app.state  // .running when no required task failed
        /// ```
        case running
        /// A required task failed; events stay held.
        ///
        /// ```swift
        /// let report = try await app.launch()
        /// if report.failure != nil { await app.state }  // .failed
        /// ```
        case failed
        /// Terminated; events are dropped.
        ///
        /// ```swift
        /// await app.terminate()
        /// await app.state  // .terminated
        /// ```
        case terminated
    }

    /// The registry whose tasks and handlers the application runs.
    ///
    /// ```swift
    /// let app = Application()
    /// app.registry === Registry.shared  // true
    /// ```
    public let registry: Registry
    /// Where the application is in its life.
    ///
    /// ```swift
    /// print(await app.state)
    /// ```
    public private(set) var state = State.initial
    /// Events posted before the application was ready, in the order they were posted.
    ///
    /// ```swift
    /// await app.post(Event(.custom("open-url"), userInfo: ["url": "app://circles/42"]))
    /// await app.heldEvents.count  // 1 until the launch completes
    /// ```
    public private(set) var heldEvents: [Event] = []
    private var modules: [String] = []
    /// The phase the launch is running, so that terminating the application stops it.
    private var phaseRun: PhaseRun?
    /// Whether ``launch(allowingMissingDependencies:quarantining:progress:stillRunning:onFirstScreen:)`` was called: a launch
    /// happens once.
    private var launchBegan = false

    /// Creates an application over `registry`.
    /// - Parameters:
    ///   - registry: The registry to launch; the process-wide one by default.
    ///   - taskTimeout: The deadline of a startup task that names no timeout of its own
    ///     (``taskTimeout``).
    ///
    /// ```swift
    /// let app = Application()                          // the shared registry
    /// let isolated = Application(registry: Registry())  // e.g. in a test
    /// ```
    public init(registry: Registry = .shared, taskTimeout: Duration? = StartupTask.defaultTimeout) {
        self.init(registry: registry, taskTimeout: taskTimeout, onMainActor: false)
    }

    /// Creates an application over `registry` whose own work runs on the main actor's executor
    /// when `onMainActor` is true: a plugin process, whose main thread reads the host's requests,
    /// launches without leaving that thread and coming back to it.
    init(
        registry: Registry, taskTimeout: Duration? = StartupTask.defaultTimeout, onMainActor: Bool,
        taskRunning: (@Sendable (_ module: String, _ began: Bool) -> Void)? = nil
    ) {
        self.registry = registry
        self.taskTimeout = taskTimeout
        home = onMainActor ? nil : Home()
        self.taskRunning = taskRunning
    }

    /// Told, on the task's thread, of the module whose startup task begins to run, and ends: a
    /// plugin process notes whose code prints (``OutputSpeaker``).
    private nonisolated let taskRunning: (@Sendable (_ module: String, _ began: Bool) -> Void)?

    /// The actor that lends the application its executor, or `nil` when the application runs on
    /// the main actor's.
    private nonisolated let home: Home?

    /// An actor with nothing of its own, whose executor runs an application's work.
    private actor Home {}

    /// The executor that runs the application's own work — the launch's bookkeeping, the events'
    /// order, the state: an executor of its own, as any actor's, or the main actor's in a plugin
    /// process. The startup tasks, event handlers and shutdown work run on the pool either way.
    ///
    /// ```swift
    /// let app = Application()
    /// _ = app.unownedExecutor  // its own: calls to `app` from the main actor leave the main thread
    /// ```
    public nonisolated var unownedExecutor: UnownedSerialExecutor {
        home?.unownedExecutor ?? MainActor.sharedUnownedExecutor
    }

    /// How long a startup task that names no timeout of its own may run: past it, the task is
    /// cancelled, counted as timed out, and the launch goes on without waiting for it to end.
    /// ``StartupTask/defaultTimeout`` unless the host chose another; `nil` for no limit.
    ///
    /// ```swift
    /// let app = Application(taskTimeout: .seconds(60))  // a host whose tasks may take longer
    /// ```
    public nonisolated let taskTimeout: Duration?

    /// Validates the task graph, then runs the launch phase, delivers ``LifecycleEvent/launch``
    /// and the held events, calls `onFirstScreen`, and runs the after-first-screen phase.
    ///
    /// - Parameters:
    ///   - allowingMissingDependencies: Skip, with the reason, tasks that depend on tasks no
    ///     module registered — as when a plugin failed to load — instead of refusing the launch.
    ///   - quarantining: Quarantine the plugins whose tasks do not form a valid graph, or whose
    ///     required task fails, times out or is abandoned, and those that need them
    ///     (``QuarantinedPlugin``), and launch the rest, instead of refusing or stopping the
    ///     launch; ``LaunchReport/quarantined`` lists them and their routes answer "not available".
    ///   - progress: Called as each task ends (or is skipped), outside any lock.
    ///   - stillRunning: Called now and then, outside any lock, with the tasks that have run for
    ///     two seconds or more: a while after a task began, then every few seconds while it runs.
    ///   - onFirstScreen: Called, when given, once the launch phase succeeded, before deferrable
    ///     tasks run.
    /// - Returns: The report of every task; ``LaunchReport/failure`` names a required task that
    ///   failed, and ``LaunchReport/wasCancelled`` tells whether the calling task was cancelled
    ///   (running tasks are then cancelled and the rest skipped; a task that has not ended half a
    ///   second later is abandoned, and the launch returns without it).
    /// - Throws: ``LaunchError/invalidGraph(_:)`` with every problem, before anything runs.
    ///
    /// ```swift
    /// let report = try await Application().launch(progress: { entry in
    ///     print(entry.name, entry.outcome)
    /// })
    /// print(report.criticalPath.joined(separator: " -> "))
    /// ```
    public func launch(
        allowingMissingDependencies: Bool = false,
        quarantining: Bool = false,
        progress: (@Sendable (LaunchReport.Entry) -> Void)? = nil,
        stillRunning: (@Sendable ([LaunchReport.RunningTask]) -> Void)? = nil,
        onFirstScreen: (@Sendable () async -> Void)? = nil
    ) async throws(LaunchError) -> LaunchReport {
        // Terminated before it launched (by a signal that came first, say): nothing runs, and the
        // report says the launch was cancelled, as if `terminate` had come a moment later.
        let terminatedFirst = state == .terminated && !launchBegan
        guard state == .initial || terminatedFirst else { throw .alreadyLaunched }
        launchBegan = true
        var quarantined: [QuarantinedPlugin] = []
        if quarantining {
            let found = Quarantine(
                snapshot: registry.snapshot, allowingMissingDependencies: allowingMissingDependencies)
            registry.quarantine(found.modules)
            quarantined = found.quarantined
        }
        // A local, not kept: a snapshot held after the launch would be copied whole when the next
        // registration brings it up to date.
        let snapshot = registry.snapshot
        let tasks = snapshot.tasks.filter { snapshot.quarantinedModules[$0.owner.module] == nil }
        // The tasks of plugins declared but not active yet run when their plugin activates; their
        // graph is checked now, with the rest (quarantining checked it above).
        if !quarantining, case let declared = snapshot.declaredTasks, !declared.isEmpty {
            _ = try StartupGraph(tasks: tasks + declared, allowingMissingDependencies: allowingMissingDependencies)
        }
        let graph = try StartupGraph(tasks: tasks, allowingMissingDependencies: allowingMissingDependencies)
        modules = ModuleOrder.of(snapshot.modules, graph: graph)
        if !terminatedFirst { state = .launching }
        let origin = ContinuousClock.now
        var records = [PhaseRun.Record?](repeating: nil, count: graph.tasks.count)
        var stop: LaunchStop? = terminatedFirst ? .cancelled : nil
        var policy = LaunchPolicy(
            deadline: taskTimeout, progress: progress, stillRunning: stillRunning, running: taskRunning)
        // A plugin activated later runs its tasks with the same deadline, and says so alike.
        registry.activationPolicy.withLock { $0 = policy }
        if quarantining {
            policy.quarantine = { failure in
                Quarantine(
                    snapshot: snapshot, allowingMissingDependencies: allowingMissingDependencies, failures: [failure]
                ).modules
            }
        }
        var failures: [LaunchReport.Failure] = []
        for phase in StartupPhase.allCases {
            if phase == .afterFirstScreen, stop == nil {
                await becomeReady()
                await onFirstScreen?()
            }
            let run = PhaseRun(
                graph: graph, phase: phase, earlier: records, stoppedBy: stop,
                excluded: registry.snapshot.excludedModules, origin: origin, policy: policy
            )
            phaseRun = run
            let result = await run.run()
            phaseRun = nil
            records = result.records
            stop = stop ?? result.stop ?? (state == .terminated ? .cancelled : nil)
            if !result.failures.isEmpty {
                failures += result.failures
                let found = Quarantine(
                    snapshot: snapshot, allowingMissingDependencies: allowingMissingDependencies, failures: failures)
                registry.quarantine(found.modules)
                quarantined = found.quarantined
            }
        }
        if stop != nil, state != .terminated { state = .failed }
        var entries = graph.tasks.indices.compactMap { task in
            records[task].map { LaunchReport.Entry(graph.tasks[task], $0) }
        }
        let path = entries.count == graph.tasks.count ? CriticalPath.analyze(&entries, graph: graph) : []
        return LaunchReport(
            entries: entries,
            criticalPath: path.map { graph.tasks[$0].name },
            duration: ContinuousClock.now - origin,
            failure: stop?.failure,
            wasCancelled: stop?.isCancellation ?? false,
            quarantined: quarantined
        )
    }

    /// Delivers `event` to every module that handles it, in dependency order; before the
    /// application is ready the event is held and delivered once the launch phase completes.
    ///
    /// - Parameter event: The event and its values.
    /// - Returns: Whether the event was delivered now (`false` when held or dropped).
    ///
    /// ```swift
    /// let delivered = await app.post(Event(.custom("user.logged-in"), userInfo: ["account": "ann"]))
    /// ```
    @discardableResult
    public func post(_ event: Event) async -> Bool {
        switch state {
        case .initial, .launching, .failed:
            heldEvents.append(event)
            return false
        case .terminated:
            return false
        case .running:
            // A declared plugin that handles a custom event is activated to hear it.
            await registry.activatePlugins(handling: event.kind)
            await deliver(event, order: modules)
            return true
        }
    }

    /// Delivers ``LifecycleEvent/terminate`` and runs every module's shutdown work, both in reverse
    /// dependency order. Later calls do nothing.
    ///
    /// Called while a launch runs, it stops the launch: running tasks are cancelled, the rest are
    /// skipped, the report says the launch was cancelled, and no module hears
    /// ``LifecycleEvent/launch`` after `terminate`. Called before the launch, the launch then runs
    /// no task and reports that it was cancelled.
    ///
    /// ```swift
    /// signal(SIGTERM, SIG_IGN)
    /// // … on SIGTERM:
    /// await app.terminate()
    /// ```
    public func terminate() async {
        guard state != .terminated else { return }
        await terminateNow()
    }

    /// Stops the launch if it has not finished — not begun, or still running — by terminating the
    /// application as ``terminate()`` does; an application whose launch finished is left as it is.
    /// Deciding and stopping are one step of the actor, so a launch cannot finish in between.
    ///
    /// - Parameter announce: Called when the launch is stopped, before any module hears of it,
    ///   so that a message saying so comes before what the shutdown work prints.
    /// - Returns: Whether the launch had not finished and is now stopped.
    ///
    /// ```swift
    /// // On Ctrl-C: stop a launch in progress; a launched application keeps running.
    /// if await app.stopLaunch(announcing: { print("Stopping the launch") }) { return }
    /// ```
    public func stopLaunch(announcing announce: @Sendable () -> Void = {}) async -> Bool {
        guard state == .initial || state == .launching else { return false }
        announce()
        await terminateNow()
        return true
    }

    /// Terminates the application, which is not terminated yet: its state changes before this
    /// first suspends.
    private func terminateNow() async {
        if modules.isEmpty { modules = registry.snapshot.modules.map(\.name) }
        state = .terminated
        // A launch still running stops: its running tasks are cancelled, the rest skipped, and
        // no module hears `launch` after `terminate`.
        phaseRun?.stop(.cancelled)
        // Plugins activated after the launch end first: they were registered last.
        let current = registry.snapshot
        let reversed = Array(Self.ordered(modules, in: current).reversed())
        await deliver(Event(.terminate), order: reversed)
        for module in reversed {
            for shutdown in current.shutdowns where shutdown.owner.module == module {
                await shutdown.body()
            }
        }
    }

    private func becomeReady() async {
        await deliver(Event(.launch), order: modules)
        while !heldEvents.isEmpty, state == .launching {
            await deliver(heldEvents.removeFirst(), order: modules)
        }
        // Unless a handler terminated the application meanwhile.
        if state == .launching { state = .running }
    }

    /// Delivers `event` to the handlers registered now, module by module in `order`, then those of
    /// modules registered after the launch (plugins activated since), in registration order.
    private func deliver(_ event: Event, order: [String]) async {
        let current = registry.snapshot
        let handlers = current.handlers.filter { $0.event == event.kind }
        for module in Self.ordered(order, in: current) {
            for handler in handlers where handler.owner.module == module {
                await handler.body(event)
            }
        }
    }

    /// `order`, then the modules of `snapshot` not in it, in registration order.
    private static func ordered(_ order: [String], in snapshot: RegistrySnapshot) -> [String] {
        let known = Set(order)
        return order + snapshot.modules.map(\.owner.module).filter { !known.contains($0) }
    }
}

/// Runs the startup tasks of a plugin being activated (or of a new build replacing it), as a launch
/// runs every task: as a graph, each as soon as its dependencies ended, phase after phase. A
/// dependency on another plugin's task already registered — which ran when that plugin became
/// active — counts as done.
enum ActivationTasks {
    /// Runs `tasks` as `policy` says (the launch's deadline and observers); returns why they
    /// failed (an invalid graph, or the required task that failed or timed out), or `nil` when
    /// they all succeeded.
    static func run(_ tasks: [StartupTask], registered: RegistrySnapshot, policy: LaunchPolicy) async -> String? {
        guard !tasks.isEmpty else { return nil }
        let names = Set(tasks.map(\.name))
        let done = Set(registered.tasks.map(\.name)).subtracting(names)
        let own = tasks.map { task in
            StartupTask(
                name: task.name, dependencies: task.dependencies.filter { !done.contains($0) }, phase: task.phase,
                isMainActor: task.isMainActor, timeout: task.timeout, isRequired: task.isRequired,
                runsAtLaunch: task.runsAtLaunch, owner: task.owner, body: task.body)
        }
        let graph: StartupGraph
        do {
            graph = try StartupGraph(tasks: own)
        } catch {
            return error.description
        }
        var records = [PhaseRun.Record?](repeating: nil, count: graph.tasks.count)
        var stop: LaunchStop?
        for phase in StartupPhase.allCases {
            let run = PhaseRun(
                graph: graph, phase: phase, earlier: records, stoppedBy: stop,
                excluded: registered.excludedModules, origin: .now, policy: policy)
            let result = await run.run()
            records = result.records
            stop = stop ?? result.stop
        }
        return stop.map { $0.failure.map(\.description) ?? "the activation was cancelled" }
    }
}

/// One reason the startup task graph cannot run. Every problem is reported before anything runs.
///
/// ```swift
/// do {
///     _ = try StartupGraph(tasks: Registry.shared.snapshot.tasks)
/// } catch .invalidGraph(let problems) {
///     problems.forEach { print($0) }  // every problem at once
/// } catch {}
/// ```
public enum GraphProblem: Sendable, Hashable, CustomStringConvertible {
    /// A task depends on a name no task has; `nearest` is the closest existing name.
    ///
    /// ```swift
    /// if case .unknownDependency(let task, _, let dependency, let nearest) = problem {
    ///     print(task, "needs", dependency, "- did you mean", nearest ?? "?")
    /// }
    /// ```
    case unknownDependency(task: String, owner: Owner, dependency: String, nearest: String?)
    /// Two or more tasks share a name.
    ///
    /// ```swift
    /// if case .duplicateTask(let name, let owners) = problem { print(name, "registered by", owners) }
    /// ```
    case duplicateTask(name: String, owners: [Owner])
    /// Tasks depend on each other in a circle; `path` starts and ends with the same task and each
    /// task depends on the next.
    ///
    /// ```swift
    /// if case .cycle(let path, _) = problem { print(path.joined(separator: " -> ")) }  // a -> b -> c -> a
    /// ```
    case cycle(path: [String], owners: [Owner])
    /// A task depends on a task of a later phase, which cannot have run yet.
    ///
    /// ```swift
    /// if case .laterPhaseDependency(let task, _, _, let dependency, let phase) = problem {
    ///     print(task, "cannot wait for", dependency, "which runs", phase)
    /// }
    /// ```
    case laterPhaseDependency(
        task: String, owner: Owner, phase: StartupPhase, dependency: String, dependencyPhase: StartupPhase)

    /// What is wrong, who owns it and what to do.
    ///
    /// ```swift
    /// print(problem)  // task 'db.open' of module … depends on 'config.lod', which no task has; did you mean …
    /// ```
    public var description: String {
        switch self {
        case .unknownDependency(let task, let owner, let dependency, let nearest):
            "task '\(task)' of \(owner) depends on unknown task '\(dependency)'"
                + (nearest.map { "; did you mean '\($0)'?" } ?? "")
        case .duplicateTask(let name, let owners):
            "task name '\(name)' is used by \(owners.map(\.description).joined(separator: " and ")); rename one"
        case .cycle(let path, let owners):
            "dependency cycle \(path.joined(separator: " -> ")) (each task depends on the next; owners: "
                + zip(path, owners).map { "\($0) by \($1)" }.joined(separator: ", ") + "); remove one dependency"
        case .laterPhaseDependency(let task, let owner, let phase, let dependency, let dependencyPhase):
            "task '\(task)' of \(owner) runs in phase \(phase) but depends on '\(dependency)' of the later phase "
                + "\(dependencyPhase); move one of them"
        }
    }
}

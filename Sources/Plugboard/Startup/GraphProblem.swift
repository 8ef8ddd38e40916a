/// One reason the startup task graph cannot run. Every problem is reported before anything runs.
public enum GraphProblem: Sendable, Hashable, CustomStringConvertible {
    /// A task depends on a name no task has; `nearest` is the closest existing name.
    case unknownDependency(task: String, owner: Owner, dependency: String, nearest: String?)
    /// Two or more tasks share a name.
    case duplicateTask(name: String, owners: [Owner])
    /// Tasks depend on each other in a circle; `path` starts and ends with the same task and each
    /// task depends on the next.
    case cycle(path: [String], owners: [Owner])
    /// A task depends on a task of a later phase, which cannot have run yet.
    case laterPhaseDependency(
        task: String, owner: Owner, phase: StartupPhase, dependency: String, dependencyPhase: StartupPhase)

    /// What is wrong, who owns it and what to do.
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

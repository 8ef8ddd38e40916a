/// A plugin (or a module linked into the host) kept from launching because its startup tasks do
/// not form a valid graph, because one of its required tasks failed, timed out or was abandoned,
/// or because it needs one that is quarantined: its tasks do not run and its routes answer "not
/// available" with the reason, while every other plugin launches.
///
/// ```swift
/// let report = try await Application().launch(quarantining: true)
/// for quarantined in report.quarantined { print(quarantined) }  // Circles: task 'circles.load' depends on …
/// ```
public struct QuarantinedPlugin: Sendable, Hashable, Codable, CustomStringConvertible {
    /// The plugin's name, or the module's when it belongs to no plugin.
    ///
    /// ```swift
    /// quarantined.name  // "Circles"
    /// ```
    public let name: String
    /// Why, naming the task, dependency or cycle at fault.
    ///
    /// ```swift
    /// quarantined.reason  // "task 'circles.load' depends on unknown task 'shell.stor'; did you mean 'shell.store'?"
    /// ```
    public let reason: String

    /// `Circles: reason`.
    ///
    /// ```swift
    /// print(quarantined)
    /// ```
    public var description: String { "\(name): \(reason)" }
}

/// Finds what to quarantine among the registered tasks: the plugins whose required task failed
/// (when given), the plugins — loaded, or declared and not active yet — that own a problem of the
/// task graph (an unknown dependency, a cycle, a dependency on a later phase, a duplicate name, a
/// dependency on a task of a plugin not declared as a dependency), then, until nothing changes,
/// those that need a task or a plugin already quarantined.
struct Quarantine {
    /// Why a task of a module quarantined for `reason` does not run.
    static func skipReason(_ reason: String) -> String { "its plugin is quarantined: \(reason)" }

    /// What was quarantined.
    let quarantined: [QuarantinedPlugin]
    /// Each quarantined module and the reason its plugin was quarantined.
    let modules: [String: String]

    init(snapshot: RegistrySnapshot, allowingMissingDependencies: Bool, failures: [LaunchReport.Failure] = []) {
        // The plugins declared but not active yet count as much as the loaded ones: their tasks
        // and dependencies are known from their manifests.
        let unitOf = Dictionary(
            snapshot.modules.map { ($0.name, $0.plugin ?? $0.name) } + snapshot.inactiveModules.map { ($0, $1) },
            uniquingKeysWith: { first, _ in first })
        func unit(_ owner: Owner) -> String { unitOf[owner.module] ?? owner.module }
        let dependencies =
            snapshot.plugins.map { ($0.manifest.name, $0.manifest.dependencies) }
            + snapshot.declaredManifests.map { ($0.name, $0.dependencies) }
        let declared = Dictionary(
            dependencies.map { ($0, Set($1.map(\.name))) }, uniquingKeysWith: { first, _ in first })
        let tasks = snapshot.tasks + snapshot.declaredTasks
        let owners = Dictionary(tasks.map { ($0.name, $0.owner) }, uniquingKeysWith: { first, _ in first })
        var reasons: [String: String] = [:]
        func quarantine(_ name: String, _ reason: String) {
            if reasons[name] == nil { reasons[name] = reason }
        }
        // A plugin whose required task failed, timed out or was abandoned.
        for failure in failures {
            quarantine(unit(failure.owner), "required task '\(failure.task)' \(failure.outcome)")
        }
        // A task of a plugin that needs a task of another plugin it does not declare.
        for task in tasks {
            let from = unit(task.owner)
            for dependency in task.dependencies {
                guard let owner = owners[dependency], unit(owner) != from, let needs = declared[from],
                    declared[unit(owner)] != nil, !needs.contains(unit(owner))
                else { continue }
                quarantine(
                    from,
                    "task '\(task.name)' depends on task '\(dependency)' of plugin \(unit(owner)), which \(from) does "
                        + "not declare as a dependency; add it to the plugin's manifest")
            }
        }
        // The problems of the graph, each charged to the plugins that own it (a duplicate name to
        // every owner after the first).
        do throws(LaunchError) {
            _ = try StartupGraph(tasks: tasks, allowingMissingDependencies: allowingMissingDependencies)
        } catch {
            if case .invalidGraph(let problems) = error {
                for problem in problems {
                    switch problem {
                    case .duplicateTask(_, let owners):
                        for owner in owners.dropFirst() { quarantine(unit(owner), problem.description) }
                    case .unknownDependency(_, let owner, _, _), .laterPhaseDependency(_, let owner, _, _, _):
                        quarantine(unit(owner), problem.description)
                    case .cycle(_, let owners):
                        for owner in owners { quarantine(unit(owner), problem.description) }
                    }
                }
            }
        }
        // What needs a quarantined plugin's task, or the plugin itself, is quarantined with it.
        var changed = !reasons.isEmpty
        while changed {
            changed = false
            for task in tasks where reasons[unit(task.owner)] == nil {
                guard
                    let dependency = task.dependencies.first(where: {
                        owners[$0].map { reasons[unit($0)] != nil } ?? false
                    })
                else { continue }
                quarantine(
                    unit(task.owner),
                    "task '\(task.name)' needs task '\(dependency)' of quarantined \(unit(owners[dependency]!))")
                changed = true
            }
            for (plugin, needs) in dependencies where reasons[plugin] == nil {
                guard let needed = needs.first(where: { !$0.isOptional && reasons[$0.name] != nil }) else { continue }
                quarantine(plugin, "it needs plugin \(needed.name), which is quarantined")
                changed = true
            }
        }
        quarantined = reasons.keys.sorted().map { QuarantinedPlugin(name: $0, reason: reasons[$0]!) }
        modules = Dictionary(
            unitOf.compactMap { module, unit in reasons[unit].map { (module, $0) } },
            uniquingKeysWith: { first, _ in first })
    }
}

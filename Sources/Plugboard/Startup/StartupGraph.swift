/// A validated graph of startup tasks: every dependency resolved, no cycle, no backward phase.
///
/// ```swift
/// let graph = try StartupGraph(tasks: Registry.shared.snapshot.tasks)
/// print(graph.dot())
/// ```
public struct StartupGraph: Sendable {
    /// The tasks, in registration order; indices below refer to this array.
    ///
    /// ```swift
    /// let graph = try StartupGraph(tasks: Registry.shared.snapshot.tasks)
    /// graph.tasks.map(\.name)
    /// ```
    public let tasks: [StartupTask]
    /// For each task, the indices of the tasks it depends on.
    let dependencies: Adjacency
    /// For each task, the indices of the tasks that depend on it.
    let dependents: Adjacency
    /// Tasks that depend on a name no task has, with the first such name (only when allowed).
    let missing: [Int: String]

    /// Validates `tasks` and builds the graph.
    ///
    /// - Parameters:
    ///   - tasks: The tasks, usually ``RegistrySnapshot/tasks``.
    ///   - allowingMissingDependencies: Accept dependencies on tasks no module registered (for
    ///     example those of a plugin that failed to load); such tasks, and the tasks that depend on
    ///     them, are skipped with the reason instead of refusing the graph.
    /// - Throws: ``LaunchError/invalidGraph(_:)`` listing every problem at once.
    /// - Complexity: O(tasks + dependencies).
    ///
    /// ```swift
    /// let graph = try StartupGraph(tasks: snapshot.tasks, allowingMissingDependencies: true)
    /// ```
    public init(tasks: [StartupTask], allowingMissingDependencies: Bool = false) throws(LaunchError) {
        var index: [String: Int] = [:]
        index.reserveCapacity(tasks.count)
        var duplicates: [String: [Owner]] = [:]
        var duplicateOrder: [String] = []
        // Tasks are read in place, by index: copying a task retains each of its fields.
        for position in tasks.indices {
            let name = tasks[position].name
            // One hash per task: insert, and put the first back if the name was taken.
            guard let first = index.updateValue(position, forKey: name) else { continue }
            index[name] = first
            if duplicates[name] == nil {
                duplicateOrder.append(name)
                duplicates[name] = [tasks[first].owner]
            }
            duplicates[name, default: []].append(tasks[position].owner)
        }
        var problems = duplicateOrder.map { GraphProblem.duplicateTask(name: $0, owners: duplicates[$0] ?? []) }
        var edges: [(node: Int, neighbour: Int)] = []
        edges.reserveCapacity(tasks.count * 2)
        var missing: [Int: String] = [:]
        for position in tasks.indices {
            let phase = tasks[position].phase
            for name in tasks[position].dependencies {
                guard let dependency = index[name] else {
                    if allowingMissingDependencies {
                        if missing[position] == nil { missing[position] = name }
                        continue
                    }
                    // A suggestion never names the task that asks.
                    let others = index.keys.filter { $0 != tasks[position].name }
                    let nearest = NearestNames.likelyMeant(by: name, in: others)
                    problems.append(
                        .unknownDependency(
                            task: tasks[position].name, owner: tasks[position].owner, dependency: name,
                            nearest: nearest))
                    continue
                }
                if tasks[dependency].phase > phase {
                    problems.append(
                        .laterPhaseDependency(
                            task: tasks[position].name, owner: tasks[position].owner, phase: phase,
                            dependency: name, dependencyPhase: tasks[dependency].phase
                        )
                    )
                }
                edges.append((position, dependency))
            }
        }
        let dependencies = Adjacency(nodeCount: tasks.count, edges: edges)
        let dependents = Adjacency(nodeCount: tasks.count, edges: edges.map { ($0.neighbour, $0.node) })
        let (order, pending) = Self.kahn(dependencies: dependencies, dependents: dependents)
        if order.count < tasks.count {
            problems += Self.cycles(tasks: tasks, dependencies: dependencies, pending: pending)
        }
        guard problems.isEmpty else { throw .invalidGraph(problems) }
        self.tasks = tasks
        self.dependencies = dependencies
        self.dependents = dependents
        self.missing = missing
        topologicalOrder = order
    }

    /// The task indices in an order where every task comes after its dependencies (ties keep
    /// registration order), as validation found it.
    let topologicalOrder: [Int]

    /// Kahn's algorithm: the orderable tasks (ties keep registration order), and for each task
    /// how many of its dependencies could not be ordered (non-zero only on and after cycles).
    private static func kahn(dependencies: Adjacency, dependents: Adjacency) -> (order: [Int], pending: [Int]) {
        var pending = dependencies.degrees
        var order = pending.indices.filter { pending[$0] == 0 }
        var next = 0
        while next < order.count {
            for dependent in dependents[order[next]] {
                pending[dependent] -= 1
                if pending[dependent] == 0 { order.append(dependent) }
            }
            next += 1
        }
        return (order, pending)
    }

    /// One cycle per tangle of tasks that Kahn's algorithm could not order (`pending` non-zero).
    private static func cycles(tasks: [StartupTask], dependencies: Adjacency, pending: [Int]) -> [GraphProblem] {
        // Every task left has a dependency that is also left, so walking dependencies among them
        // always comes back to a task already on the walk.
        var visited = [Bool](repeating: false, count: tasks.count)
        var problems: [GraphProblem] = []
        for start in tasks.indices where pending[start] > 0 && !visited[start] {
            var walk: [Int] = []
            var position: [Int: Int] = [:]
            var current = start
            while !visited[current] {
                visited[current] = true
                position[current] = walk.count
                walk.append(current)
                guard let following = dependencies[current].first(where: { pending[$0] > 0 }) else { break }
                current = following
            }
            guard let cycleStart = position[current] else { continue }
            let cycle = Array(walk[cycleStart...]) + [current]
            problems.append(.cycle(path: cycle.map { tasks[$0].name }, owners: cycle.map { tasks[$0].owner }))
        }
        return problems
    }
}

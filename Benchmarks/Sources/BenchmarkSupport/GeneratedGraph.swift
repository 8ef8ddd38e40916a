public import Plugboard

/// Generated startup task graphs: task i depends on up to three random earlier tasks.
public enum GeneratedGraph {
    public static let owner = Owner(module: "bench.generated", image: "benchmarks")

    /// Dependency names for `count` tasks, deterministic for a given count.
    public static func dependencies(count: Int) -> [[String]] {
        var state: UInt64 = 0x5EED
        func next(_ bound: Int) -> Int {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return Int((state >> 33) % UInt64(bound))
        }
        return (0..<count).map { index in
            guard index > 0 else { return [] }
            return Array(Set((0..<min(3, index)).map { _ in "task-\(next(index))" })).sorted()
        }
    }

    /// `count` no-op tasks wired as ``dependencies(count:)``.
    public static func tasks(count: Int, body: @escaping @Sendable () async throws -> Void = {}) -> [StartupTask] {
        dependencies(count: count).enumerated().map { index, after in
            StartupTask(name: "task-\(index)", dependencies: after, owner: owner, body: body)
        }
    }
}

/// Registers whatever tasks the benchmark hands it for one registration.
public final class GeneratedModule: Module {
    @TaskLocal static var tasks: [StartupTask] = []
    public static var name: String { "bench.generated" }

    public init() {}

    public func register(with registrar: ModuleRegistrar) throws {
        for task in Self.tasks {
            registrar.startupTask(task.name, after: task.dependencies, timeout: task.timeout, run: task.body)
        }
    }
}

/// A registry holding `tasks`.
public func registry(with tasks: [StartupTask]) -> Registry {
    let registry = Registry()
    GeneratedModule.$tasks.withValue(tasks) {
        try? registry.register([GeneratedModule.self], image: "benchmarks")
    }
    return registry
}

/// The floor the orchestrator is measured against: Kahn's algorithm over the task names, then
/// calling every body one after another (unless `running` is false); returns how many tasks
/// were ordered.
@discardableResult
public func kahnThenSequential(_ tasks: [StartupTask], running: Bool = true) async throws -> Int {
    var index: [String: Int] = [:]
    index.reserveCapacity(tasks.count)
    for (position, task) in tasks.enumerated() { index[task.name] = position }
    var pending = [Int](repeating: 0, count: tasks.count)
    var dependents = [[Int]](repeating: [], count: tasks.count)
    for (position, task) in tasks.enumerated() {
        for name in task.dependencies {
            guard let dependency = index[name] else { continue }
            pending[position] += 1
            dependents[dependency].append(position)
        }
    }
    var order = pending.indices.filter { pending[$0] == 0 }
    var next = 0
    while next < order.count {
        for dependent in dependents[order[next]] {
            pending[dependent] -= 1
            if pending[dependent] == 0 { order.append(dependent) }
        }
        next += 1
    }
    guard running else { return order.count }
    for position in order { try await tasks[position].body() }
    return order.count
}

/// CPU-bound work of a fixed size: about a millisecond per 4,000,000 rounds on this machine.
@inline(never)
public func spin(_ rounds: Int) -> UInt64 {
    var value: UInt64 = 1
    for round in 0..<rounds { value = value &* 6_364_136_223_846_793_005 &+ UInt64(round) }
    return value
}

/// Orders modules so that a module comes after every module whose tasks its own tasks depend on.
enum ModuleOrder {
    /// Module names in dependency order; ties, and modules caught in a cycle, keep registration order.
    static func of(_ modules: [RegisteredModule], graph: StartupGraph) -> [String] {
        let names = modules.map(\.name)
        let position = Dictionary(names.enumerated().map { ($1, $0) }, uniquingKeysWith: { first, _ in first })
        var before = [Set<Int>](repeating: [], count: names.count)
        // Each task's module position, looked up once per run of tasks of the same module (a
        // module's tasks are registered together) rather than once per edge.
        var moduleOfTask: [Int?] = []
        moduleOfTask.reserveCapacity(graph.tasks.count)
        var previous: (name: String, position: Int?)?
        for task in graph.tasks.indices {
            let module = graph.tasks[task].owner.module
            if previous?.name != module {
                previous = (module, position[module])
            }
            moduleOfTask.append(previous?.position ?? nil)
        }
        for task in graph.tasks.indices {
            guard let module = moduleOfTask[task] else { continue }
            for dependency in graph.dependencies[task] {
                guard let other = moduleOfTask[dependency], other != module else { continue }
                before[module].insert(other)
            }
        }
        var placed = [Bool](repeating: false, count: names.count)
        var order: [String] = []
        var progressed = true
        while progressed {
            progressed = false
            for module in names.indices where !placed[module] && before[module].allSatisfy({ placed[$0] }) {
                placed[module] = true
                order.append(names[module])
                progressed = true
                break
            }
        }
        return order + names.indices.filter { !placed[$0] }.map { names[$0] }
    }
}

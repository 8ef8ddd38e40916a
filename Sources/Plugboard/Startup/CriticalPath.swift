/// Computes the critical path and each task's slack from measured durations.
enum CriticalPath {
    /// Fills in `entries[i].slack` and returns the critical path's task indices, first to last.
    ///
    /// Earliest start is the latest finish of a task's dependencies; the latest start is how late
    /// the task could begin without delaying the end of the launch; slack is their difference.
    static func analyze(_ entries: inout [LaunchReport.Entry], graph: StartupGraph) -> [Int] {
        let order = graph.topologicalOrder
        guard !order.isEmpty else { return [] }
        var earliestFinish = [Duration](repeating: .zero, count: entries.count)
        var earliestStart = [Duration](repeating: .zero, count: entries.count)
        for task in order {
            earliestStart[task] = graph.dependencies[task].reduce(Duration.zero) { max($0, earliestFinish[$1]) }
            earliestFinish[task] = earliestStart[task] + entries[task].duration
        }
        let end = earliestFinish.max() ?? .zero
        var latestStart = [Duration](repeating: .zero, count: entries.count)
        for task in order.reversed() {
            let latestFinish = graph.dependents[task].reduce(end) { min($0, latestStart[$1]) }
            latestStart[task] = latestFinish - entries[task].duration
            entries[task].slack = latestStart[task] - earliestStart[task]
        }
        guard var current = order.max(by: { earliestFinish[$0] < earliestFinish[$1] }) else { return [] }
        var path = [current]
        while let previous = graph.dependencies[current].first(where: { earliestFinish[$0] == earliestStart[current] })
        {
            path.append(previous)
            current = previous
        }
        return path.reversed()
    }
}

/// Computes the critical path and each task's slack from measured durations.
enum CriticalPath {
    /// Fills in `entries[i].slack` and returns the critical path's task indices, first to last.
    ///
    /// Earliest start is the latest finish of a task's dependencies; the latest start is how late
    /// the task could begin without delaying the end of the launch; slack is their difference.
    static func analyze(_ entries: inout [LaunchReport.Entry], graph: StartupGraph) -> [Int] {
        let order = graph.topologicalOrder
        guard !order.isEmpty else { return [] }
        // In whole nanoseconds, the clock's resolution: plain integer arithmetic per edge.
        let duration = entries.map { entry in
            let (seconds, attoseconds) = entry.duration.components
            return seconds * 1_000_000_000 + attoseconds / 1_000_000_000
        }
        var earliestFinish = [Int64](repeating: 0, count: entries.count)
        var earliestStart = [Int64](repeating: 0, count: entries.count)
        for task in order {
            var start: Int64 = 0
            for dependency in graph.dependencies[task] { start = max(start, earliestFinish[dependency]) }
            earliestStart[task] = start
            earliestFinish[task] = start + duration[task]
        }
        let end = earliestFinish.max() ?? 0
        var latestStart = [Int64](repeating: 0, count: entries.count)
        for task in order.reversed() {
            var latestFinish = end
            for dependent in graph.dependents[task] { latestFinish = min(latestFinish, latestStart[dependent]) }
            latestStart[task] = latestFinish - duration[task]
            entries[task].slack = .nanoseconds(latestStart[task] - earliestStart[task])
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

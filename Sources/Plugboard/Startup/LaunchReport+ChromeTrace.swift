public import FoundationEssentials

extension LaunchReport {
    private struct TraceFile: Encodable {
        let traceEvents: [TraceEvent]
        let displayTimeUnit = "ms"
    }

    private struct TraceEvent: Encodable {
        let name: String
        let cat: String
        let ph: String
        let ts: Int64
        let dur: Int64?
        let pid: Int
        let tid: Int
        let args: [String: String]
    }

    /// The launch as a Chrome trace-event JSON file, which Perfetto and `chrome://tracing` open.
    ///
    /// Each task that ran is a complete event (`"ph": "X"`) on its own row while it overlaps other
    /// tasks; its owner, phase, outcome and slack are in `args`.
    ///
    /// ```swift
    /// try report.chromeTrace().write(to: URL(fileURLWithPath: "launch.trace.json"))
    /// ```
    /// - Returns: UTF-8 JSON.
    public func chromeTrace() -> Data {
        chromeTrace(with: [])
    }

    /// The launch as ``chromeTrace()`` gives it, with the launches of `others` (the plugin
    /// processes of isolated plugins, say), each as a process of its own, named.
    ///
    /// ```swift
    /// let trace = report.chromeTrace(with: isolated.map { ($0.title, $0.launch) })
    /// ```
    /// - Parameter others: Other launches, each with the name of its process.
    /// - Returns: UTF-8 JSON.
    public func chromeTrace(with others: [(name: String, report: LaunchReport)]) -> Data {
        var events = events(process: 1)
        for (index, other) in others.enumerated() {
            events.append(
                TraceEvent(
                    name: "process_name", cat: "", ph: "M", ts: 0, dur: nil, pid: index + 2, tid: 0,
                    args: ["name": other.name]))
            events += other.report.events(process: index + 2)
        }
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        return (try? encoder.encode(TraceFile(traceEvents: events))) ?? Data("{\"traceEvents\":[]}".utf8)
    }

    /// The trace events of this launch, as the process numbered `process`.
    private func events(process: Int) -> [TraceEvent] {
        var laneEnds: [Duration] = []
        var events: [TraceEvent] = []
        for entry in entries.sorted(by: { $0.start < $1.start }) where entry.duration > .zero || entry.outcome.isSuccess
        {
            let lane = laneEnds.firstIndex { $0 <= entry.start } ?? laneEnds.count
            if lane == laneEnds.count { laneEnds.append(.zero) }
            laneEnds[lane] = entry.start + entry.duration
            events.append(
                TraceEvent(
                    name: entry.name, cat: entry.phase.description, ph: "X",
                    ts: Self.microseconds(entry.start), dur: Self.microseconds(entry.duration), pid: process,
                    tid: lane + 1,
                    args: [
                        "module": entry.owner.module, "image": entry.owner.image, "outcome": entry.outcome.description,
                        "slack_us": String(Self.microseconds(entry.slack)),
                        "critical_path": String(criticalPath.contains(entry.name)),
                        "main_actor": String(entry.isMainActor),
                    ]
                )
            )
        }
        for entry in entries where !entry.outcome.isSuccess && entry.duration == .zero {
            events.append(
                TraceEvent(
                    name: entry.name, cat: entry.phase.description, ph: "i", ts: 0, dur: nil, pid: process, tid: 0,
                    args: ["module": entry.owner.module, "outcome": entry.outcome.description]
                )
            )
        }
        return events
    }

    private static func microseconds(_ duration: Duration) -> Int64 {
        let (seconds, attoseconds) = duration.components
        return seconds * 1_000_000 + attoseconds / 1_000_000_000_000
    }
}

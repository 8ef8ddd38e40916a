extension LaunchReport {
    /// Why this report, sent by a plugin process whose launch took no longer than `elapsed` (the
    /// time the host waited for its `ready`), cannot be true, if it cannot: a time below zero or
    /// longer than the launch, or a critical path through tasks it does not list. The host uses
    /// none of a report that is not: its times are added and scaled for the listing and the trace.
    func problem(within elapsed: Duration) -> String? {
        let plausible = Duration.zero...elapsed
        func check(_ time: Duration, _ what: String) -> String? {
            plausible.contains(time) ? nil : "\(what) is \(time), outside the \(elapsed) its launch took at most"
        }
        if let problem = check(duration, "its launch's duration") { return problem }
        for entry in entries {
            let bounded: Duration? =
                switch entry.outcome {
                case .timedOut(let limit), .abandoned(let limit): limit
                default: nil
                }
            let problem =
                check(entry.start, "the start of task '\(entry.name)'")
                ?? check(entry.duration, "the duration of task '\(entry.name)'")
                ?? bounded.flatMap { check($0, "the time task '\(entry.name)' ran before it ended") }
            if let problem { return problem }
        }
        let names = Set(entries.map(\.name))
        if let unknown = criticalPath.first(where: { !names.contains($0) }) {
            return "its critical path names task '\(unknown)', which it does not list"
        }
        return nil
    }
}

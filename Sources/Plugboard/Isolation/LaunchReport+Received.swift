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
            let problem =
                check(entry.start, "the start of task '\(entry.name)'")
                ?? check(entry.duration, "the duration of task '\(entry.name)'")
                ?? entry.outcome.limit.flatMap { check($0, "the time task '\(entry.name)' ran before it ended") }
            if let problem { return problem }
        }
        if let failure, let limit = failure.outcome.limit,
            let problem = check(limit, "the time task '\(failure.task)' ran before it failed the launch")
        {
            return problem
        }
        let names = Set(entries.map(\.name))
        if let unknown = criticalPath.first(where: { !names.contains($0) }) {
            return "its critical path names task '\(unknown)', which it does not list"
        }
        return nil
    }
}

extension LaunchReport {
    /// Whether each duration it holds is of whole seconds an `Int64` counts, as a writer takes a
    /// duration apart: one decoded from a stranger's JSON may hold more.
    var durationsHaveParts: Bool {
        let limits = entries.compactMap(\.outcome.limit) + [failure?.outcome.limit].compactMap { $0 }
        // Whole seconds from Int64.min to Int64.max, the parts below a second of their sign.
        let (lower, upper) = (Duration.seconds(Int64.min) - .seconds(1), Duration.seconds(Int64.max) + .seconds(1))
        return ([duration] + entries.flatMap { [$0.start, $0.duration] } + limits).allSatisfy {
            $0 > lower && $0 < upper
        }
    }
}

extension LaunchReport.Outcome {
    /// How long the task ran before it was given up, for an outcome that says so.
    var limit: Duration? {
        switch self {
        case .timedOut(let limit), .abandoned(let limit): limit
        default: nil
        }
    }
}

extension LaunchReport {
    /// Why this report, sent by a plugin process whose launch took no longer than `elapsed` (the
    /// time the host waited for its `ready`), cannot be true, if it cannot: a time below zero or
    /// longer than the launch, or a critical path through tasks it does not list. The host uses
    /// none of a report that is not: its times are added and scaled for the listing and the trace.
    func problem(within elapsed: Duration) -> String? {
        let plausible = Duration.zero...elapsed
        if let (what, time) = times.first(where: { !plausible.contains($0.time) }) {
            return "\(what) is \(time), outside the \(elapsed) its launch took at most"
        }
        let names = Set(entries.map(\.name))
        if let unknown = criticalPath.first(where: { !names.contains($0) }) {
            return "its critical path names task '\(unknown)', which it does not list"
        }
        return nil
    }

    /// Whether each duration it holds is of whole seconds an `Int64` counts, as a writer takes a
    /// duration apart: one decoded from a stranger's JSON may hold more.
    var durationsHaveParts: Bool {
        // Whole seconds from Int64.min to Int64.max, the parts below a second of their sign.
        let (lower, upper) = (Duration.seconds(Int64.min) - .seconds(1), Duration.seconds(Int64.max) + .seconds(1))
        return times.allSatisfy { $0.time > lower && $0.time < upper }
    }

    /// Each time it holds, with what it is: the launch's duration, each task's start, duration and
    /// the time it ran before it was given up, and that of the task that failed the launch.
    private var times: [(what: String, time: Duration)] {
        [("its launch's duration", duration)]
            + entries.flatMap { entry in
                [
                    ("the start of task '\(entry.name)'", entry.start),
                    ("the duration of task '\(entry.name)'", entry.duration),
                ]
                    + (entry.outcome.limit.map { [("the time task '\(entry.name)' ran before it ended", $0)] } ?? [])
            }
            + (failure.flatMap { failure in
                failure.outcome.limit.map { [("the time task '\(failure.task)' ran before it failed the launch", $0)] }
            } ?? [])
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

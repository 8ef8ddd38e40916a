import Plugboard
import Synchronization

/// Prints launch progress and the launch report.
enum LaunchListing {
    /// One progress line for a task that ended.
    static func progress(_ entry: LaunchReport.Entry, inProcess process: Int32? = nil) {
        let mark: Terminal.Mark =
            switch entry.outcome {
            case .succeeded: .ok
            case .skipped: .skipped
            default: .failed
            }
        let detail = entry.outcome.isSuccess ? "" : "  \(entry.outcome)"
        let place = process.map { "  (process \($0))" } ?? ""
        Terminal.line(mark, "\(entry.name)  [\(entry.owner.module)]\(detail)\(place)")
    }

    /// The progress lines of the isolated plugins started so far, each with its process: their tasks
    /// ran as their processes started, before the host's own.
    static func isolatedProgress() {
        for plugin in Isolation.started.withLock({ $0 }) {
            for entry in plugin.launch.entries { progress(entry, inProcess: plugin.processID) }
        }
    }

    /// A line naming the tasks the launch still waits on, and how long each has run.
    static func stillRunning(_ tasks: [LaunchReport.RunningTask]) {
        Terminal.line("… still running: \(tasks.map(\.description).joined(separator: "; "))")
    }

    /// The report: each task's start, duration and slack, then the critical path.
    static func print(_ report: LaunchReport, title: String = "Launch report") {
        Terminal.heading(title, "  (\(format(report.duration)))")
        for entry in report.entries {
            let timing = "start \(format(entry.start))  took \(format(entry.duration))  slack \(format(entry.slack))"
            Terminal.line("  \(entry.name)  \(entry.phase)  \(timing)  \(entry.outcome)")
        }
        if !report.criticalPath.isEmpty {
            Terminal.line("  critical path: \(report.criticalPath.joined(separator: " -> "))")
        }
        for quarantined in report.quarantined {
            Terminal.line("  quarantined: \(quarantined)")
        }
        if let failure = report.failure {
            Terminal.error("error: \(failure)")
        }
    }

    /// A warning on standard error for each plugin the launch quarantined.
    static func warnQuarantined(_ report: LaunchReport) {
        for quarantined in report.quarantined {
            Terminal.error("warning: quarantined \(quarantined.name), which did not launch: \(quarantined.reason)")
        }
    }

    /// A duration in milliseconds with two decimals.
    static func format(_ duration: Duration) -> String {
        let (seconds, attoseconds) = duration.components
        let hundredths = seconds * 100_000 + attoseconds / 10_000_000_000_000
        let whole = hundredths / 100
        let fraction = hundredths % 100
        return "\(whole).\(fraction < 10 ? "0" : "")\(fraction) ms"
    }
}

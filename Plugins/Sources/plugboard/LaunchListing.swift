import Plugboard

/// Prints a launch report, one line per task.
enum LaunchListing {
    static func print(_ report: StartupReport) {
        for entry in report.entries {
            switch entry.outcome {
            case .succeeded:
                Terminal.line("  \(Terminal.ok) \(entry.name)  [\(entry.owner.module)]")
            case .failed(let reason):
                Terminal.line("  \(Terminal.failed) \(entry.name)  [\(entry.owner.module)]: \(reason)")
            case .skipped(let reason):
                Terminal.line("  - \(entry.name) skipped: \(reason)")
            }
        }
        if report.entries.isEmpty { Terminal.line("  (no startup tasks)") }
    }
}

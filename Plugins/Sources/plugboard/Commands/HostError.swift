import Plugboard

/// A failure of a host command, printed to stderr before the host exits with ``status``.
enum HostError: Error, CustomStringConvertible {
    /// The command line has the wrong form: an unknown command or option, a missing or extra
    /// operand, an operand or option value that is not of its kind. Whether what it names exists is
    /// for the command to find, and a failure of that is ``failed(_:)``.
    case usage(String)
    /// The command failed, for the reason the message gives.
    case failed(String)
    case bundledPluginsMissing(directory: String, reason: String)
    /// Building the bundled plugins built the runtime anew too: this process runs the one before,
    /// which would refuse them.
    case runtimeBuiltAnew(path: String)
    case pluginsFailed(count: Int)
    case launchFailed
    /// A termination signal (`SIGINT` or `SIGTERM`) stopped the launch.
    case launchStopped(signal: String)
    case lookup(LookupError)

    /// The usage error for `name`, an unknown `kind` ("command", "option"), suggesting the one of
    /// `known` it is likely a misspelling of.
    static func unknown(_ kind: String, _ name: String, known: [String]) -> HostError {
        .usage(
            "unknown \(kind) '\(name)'"
                + (NearestNames.likelyMeant(by: name, in: known).map { "; did you mean '\($0)'?" } ?? ""))
    }

    /// The error for a launch that did not succeed: stopped by the signal `signals` received, or
    /// failed.
    static func launchEnded(_ report: LaunchReport, signals: TerminationSignals) -> HostError {
        report.wasCancelled ? .launchStopped(signal: signals.received ?? "SIGINT") : .launchFailed
    }

    /// The host's exit status for this failure: 2 for a command line of the wrong form (see
    /// ``usage(_:)``), 128 plus the signal's number for a launch a signal stopped, as shells
    /// report a process a signal ended (130 for SIGINT, 143 for SIGTERM), 1 for a command that
    /// failed.
    var status: Int32 {
        switch self {
        case .usage: 2
        case .launchStopped(let signal): TerminationSignals.status(after: signal)
        default: 1
        }
    }

    var description: String {
        switch self {
        case .usage(let message):
            message
        case .failed(let message):
            message
        case .bundledPluginsMissing(let directory, let reason):
            "the bundled plugins are not in \(directory) and could not be built: \(reason)\n"
                + "Build them with: swift build --package-path Plugins"
        case .runtimeBuiltAnew(let path):
            "building the bundled plugins built the runtime anew (\(path)), and this plugboard runs the one "
                + "before, which would refuse them: run plugboard again"
        case .pluginsFailed(let count):
            "\(counted(count, "plugin")) failed to load (see above)"
        case .launchFailed:
            "the launch failed (see the report above)"
        case .launchStopped:
            "the launch was stopped before it finished (see the report above)"
        case .lookup(let error):
            error.description
        }
    }
}

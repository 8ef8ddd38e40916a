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
    case pluginsFailed(count: Int)
    case launchFailed
    case launchStopped
    case lookup(LookupError)

    /// The error for a launch that did not succeed: stopped by a signal, or failed.
    static func launchEnded(_ report: LaunchReport) -> HostError {
        report.wasCancelled ? .launchStopped : .launchFailed
    }

    /// The host's exit status for this failure: 2 for a command line of the wrong form (see
    /// ``usage(_:)``), 1 for a command that failed.
    var status: Int32 {
        if case .usage = self { 2 } else { 1 }
    }

    var description: String {
        switch self {
        case .usage(let message):
            "\(message)\nRun 'plugboard --help' for usage."
        case .failed(let message):
            message
        case .bundledPluginsMissing(let directory, let reason):
            "the bundled plugins are not in \(directory) and could not be built: \(reason)\n"
                + "Build them with: swift build --package-path Plugins"
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

import Plugboard

/// A failure of a host command, printed to stderr before exiting with status 1.
enum HostError: Error, CustomStringConvertible {
    case usage(String)
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
            "\(count) plugin(s) failed to load (see above)"
        case .launchFailed:
            "the launch failed (see the report above)"
        case .launchStopped:
            "the launch was stopped before it finished (see the report above)"
        case .lookup(let error):
            error.description
        }
    }
}

/// Why an isolated plugin could not serve a request.
///
/// ```swift
/// catch let error as IsolationError { print(error) }  // Notes 1.0.0 stopped: Fatal error: boom (…)
/// ```
public enum IsolationError: Error, Sendable, Equatable, CustomStringConvertible {
    /// Its plugin process could not be started, or ended before its plugin was ready.
    ///
    /// ```swift
    /// catch IsolationError.cannotStart(let reason) { print(reason) }
    /// ```
    case cannotStart(reason: String)
    /// Its plugin process refused the plugin (the loader's checks, or a startup task that failed).
    ///
    /// ```swift
    /// catch IsolationError.refused(let reason) { print(reason) }
    /// ```
    case refused(reason: String)
    /// Its plugin process ended: `lastWords` is the Swift runtime's message with its file and
    /// line (or the signal), `report` all the process wrote, its backtrace included.
    ///
    /// ```swift
    /// catch IsolationError.stopped(let plugin, _, let lastWords, _) { print(plugin, lastWords) }
    /// ```
    case stopped(plugin: String, version: String, lastWords: String, report: String)
    /// It did not answer within its deadline, so its process was stopped.
    ///
    /// ```swift
    /// catch IsolationError.notResponding(let plugin, _, let deadline) { print(plugin, deadline) }
    /// ```
    case notResponding(plugin: String, version: String, after: Duration)
    /// It stopped `stops` times within `within`, so it does not start again by itself
    /// (``RestartPolicy``) until it is restarted (``IsolatedPlugin/restart()``).
    ///
    /// ```swift
    /// catch IsolationError.stoppedTooOften(let plugin, _, _, _) { print("restart", plugin) }
    /// ```
    case stoppedTooOften(plugin: String, version: String, stops: Int, within: Duration)
    /// Its plugin process could not serve the request, and said why.
    ///
    /// ```swift
    /// catch IsolationError.failed(_, let reason) { print(reason) }
    /// ```
    case failed(plugin: String, reason: String)

    /// What happened, and what to do.
    ///
    /// ```swift
    /// print(error.description)
    /// ```
    public var description: String {
        switch self {
        case .cannotStart(let reason): "the plugin process could not start: \(reason)"
        case .refused(let reason): "the plugin process refused the plugin: \(reason)"
        case .stopped(let plugin, let version, let lastWords, _):
            "\(plugin) \(version) stopped: \(lastWords); open it again to restart it"
        case .notResponding(let plugin, let version, let deadline):
            "\(plugin) \(version) is not responding: it did not answer within \(deadline), so its process was stopped; "
                + "open it again to restart it"
        case .failed(let plugin, let reason): "\(plugin): \(reason)"
        case .stoppedTooOften(let plugin, let version, let stops, let window):
            "\(plugin) \(version) stopped \(stops) times within \(window.secondsText), so it stays stopped until it is "
                + "restarted (in the plugboard shell: restart \(plugin))"
        }
    }
}

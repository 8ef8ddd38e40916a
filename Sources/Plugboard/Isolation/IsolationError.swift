/// Why an isolated plugin could not serve a request.
///
/// ```swift
/// catch let error as IsolationError { print(error) }  // Notes 1.0.0 stopped: Fatal error: boom (…)
/// ```
///
/// `plugin` names the plugins of the process with their versions: `Notes 1.0.0`, or
/// `Account 1.0.0 + Blog 1.0.0` for a group.
public enum IsolationError: Error, Sendable, Equatable, CustomStringConvertible {
    /// Its plugin process could not be started, or was not ready in time.
    ///
    /// ```swift
    /// catch IsolationError.cannotStart(let reason) { print(reason) }
    /// ```
    case cannotStart(reason: String)
    /// Its plugin process ended before its plugin was ready (a trap as it loaded or launched):
    /// `lastWords` is the Swift runtime's message with its file and line (or the signal),
    /// `report` all the process wrote, its backtrace included.
    ///
    /// ```swift
    /// catch IsolationError.endedBeforeReady(let lastWords, _) { print(lastWords) }
    /// ```
    case endedBeforeReady(lastWords: String, report: String)
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
    /// catch IsolationError.stopped(let plugin, let lastWords, _) { print(plugin, lastWords) }
    /// ```
    case stopped(plugin: String, lastWords: String, report: String)
    /// It did not answer within its deadline, so its process was stopped, once it wrote where each
    /// of its threads was into `report` (all the process wrote).
    ///
    /// ```swift
    /// catch IsolationError.notResponding(let plugin, let deadline, _) { print(plugin, deadline) }
    /// ```
    case notResponding(plugin: String, after: Duration, report: String)
    /// It stopped `stops` times within `within`, so it does not start again by itself
    /// (``RestartPolicy``) until it is restarted (``IsolatedPlugin/restart()``); `name` is a
    /// name to restart it by.
    ///
    /// ```swift
    /// catch IsolationError.stoppedTooOften(_, let name, _, _) { print("restart", name) }
    /// ```
    case stoppedTooOften(plugin: String, name: String, stops: Int, within: Duration)
    /// Its plugin process could not serve the request, and said why.
    ///
    /// ```swift
    /// catch IsolationError.failed(_, let reason) { print(reason) }
    /// ```
    case failed(plugin: String, reason: String)
    /// Its plugin process sent more than it may send unasked (navigations, past 50 a second and
    /// a burst of 50): what it sent past the limit was dropped. Told once per process.
    ///
    /// ```swift
    /// if case .overLimit(let plugin, let reason) = error { print(plugin, reason) }
    /// ```
    case overLimit(plugin: String, reason: String)
    /// An isolation policy's values do not go together.
    ///
    /// ```swift
    /// catch IsolationError.invalidPolicy(let reason) { print(reason) }
    /// ```
    case invalidPolicy(String)
    /// A policy names a plugin that no plugin file provides.
    ///
    /// ```swift
    /// catch IsolationError.unknownPlugin(let name, let available) { print(name, available) }
    /// ```
    case unknownPlugin(String, available: [String])
    /// A policy isolates the plugins `isolated` but not `joinedTo`, the others of their group —
    /// the plugins they need, or that need them, directly or not: plugins joined by dependencies
    /// run in one process. Each list is in load order, so that the message names the whole group
    /// at once.
    ///
    /// ```swift
    /// catch IsolationError.splitGroup(let isolated, let others) { print(isolated + others) }
    /// ```
    case splitGroup(isolated: [String], joinedTo: [String])

    /// What happened, and what to do.
    ///
    /// ```swift
    /// print(error.description)
    /// ```
    public var description: String {
        switch self {
        case .stopped, .notResponding: summary + "; open it again to restart it"
        default: summary
        }
    }

    /// What happened, without what to do next: of a stop, the plugin and how it ended, for a host
    /// that says itself whether the plugin starts again (one that stopped too often does not;
    /// ``IsolatedPlugin/startsAgainWhenUsed``).
    ///
    /// ```swift
    /// print(error.summary)  // Notes 1.0.0 stopped: Fatal error: boom (Notes.swift:12)
    /// ```
    public var summary: String {
        switch self {
        case .cannotStart(let reason): "the plugin process could not start: \(reason)"
        case .endedBeforeReady(let lastWords, _):
            "the plugin process could not start: it ended before its plugin was ready: \(lastWords)"
        case .refused(let reason): "the plugin process refused the plugin: \(reason)"
        case .stopped(let plugin, let lastWords, _): "\(plugin) stopped: \(lastWords)"
        case .notResponding(let plugin, let deadline, _):
            "\(plugin) is not responding: it did not answer within \(deadline), so its process was stopped"
        case .failed(let plugin, let reason): "\(plugin): \(reason)"
        case .stoppedTooOften(let plugin, let name, let stops, let window):
            "\(plugin) stopped \(stops) times within \(window.secondsText), so it stays stopped until it is "
                + "restarted (in the plugboard shell: restart \(name))"
        case .overLimit(let plugin, let reason): "\(plugin) \(reason)"
        case .invalidPolicy(let reason): "invalid isolation: \(reason)"
        case .unknownPlugin(let name, let available):
            "no plugin named '\(name)' is here to isolate; the plugins are: \(available.joined(separator: ", "))"
        case .splitGroup(let isolated, let others):
            "\(isolated.joined(separator: " and ")) cannot be isolated without \(others.joined(separator: ", ")): "
                + "plugins joined by a dependency share services and libraries, so they run in one process; isolate "
                + (isolated.count + others.count == 2 ? "both" : "all of them") + " ("
                + (isolated + others).joined(separator: ",")
                + (isolated.count + others.count == 2 ? ") or neither" : ") or none")
        }
    }
}

/// Why a navigation did not happen.
///
/// ```swift
/// do {
///     try await navigator.perform("row 9")
/// } catch {
///     print(error)  // this screen has no action 'row 9'; available: row 1, row 2, refresh
/// }
/// ```
public enum NavigationError: Error, Sendable, CustomStringConvertible {
    /// The route could not be resolved or its screen not built.
    ///
    /// ```swift
    /// catch .lookup(.routeNotFound(let url, let suggestions)) { print(url, suggestions) }
    /// ```
    case lookup(LookupError)
    /// There is nothing to pop or dismiss.
    ///
    /// ```swift
    /// try await navigator.pop()  // throws .nothingToRemove(…) on a stack's root
    /// ```
    case nothingToRemove(String)
    /// The top screen has no action with this identifier; `available` lists those it has.
    ///
    /// ```swift
    /// catch .unknownAction(let id, let available) { print(id, "is not one of", available) }
    /// ```
    case unknownAction(String, available: [String])
    /// The action exists but is disabled now.
    ///
    /// ```swift
    /// try await navigator.perform("login")  // throws .disabledAction("login") while the form is empty
    /// ```
    case disabledAction(String)
    /// There is no screen on which to act.
    ///
    /// ```swift
    /// try await Navigator().perform("refresh")  // throws .noScreen
    /// ```
    case noScreen
    /// The task that asked for the screen was cancelled before the screen was shown, so it was
    /// not shown: the person gave up waiting for it, say.
    ///
    /// ```swift
    /// let opening = Task { try await navigator.open("app://circles") }
    /// opening.cancel()  // the open throws .cancelled("app://circles") if the screen was not shown yet
    /// ```
    case cancelled(String)
    /// The request carries a context that cannot cross between the host's process and a plugin
    /// process (``WireValue``); the reason names the URL and the context's type.
    ///
    /// ```swift
    /// catch .contextCannotCross(let reason) { print(reason) }
    /// ```
    case contextCannotCross(String)

    /// What failed and what to do.
    ///
    /// ```swift
    /// catch { status.value = error.description }
    /// ```
    public var description: String {
        switch self {
        case .lookup(let error): error.description
        case .nothingToRemove(let what): "nothing to \(what): the stack has only its root"
        case .unknownAction(let id, let available):
            "this screen has no action '\(id)'; available: \(available.isEmpty ? "none" : available.joined(separator: ", "))"
        case .disabledAction(let id): "the action '\(id)' is disabled right now"
        case .noScreen: "no screen is open; open a URL first"
        case .cancelled(let url): "'\(url)' was not shown: it was given up before its screen was ready"
        case .contextCannotCross(let reason): reason
        }
    }
}

/// Why a navigation did not happen.
public enum NavigationError: Error, Sendable, CustomStringConvertible {
    /// The route could not be resolved or its screen not built.
    case lookup(LookupError)
    /// There is nothing to pop or dismiss.
    case nothingToRemove(String)
    /// The top screen has no action with this identifier; `available` lists those it has.
    case unknownAction(String, available: [String])
    /// The action exists but is disabled now.
    case disabledAction(String)
    /// There is no screen on which to act.
    case noScreen

    /// What failed and what to do.
    public var description: String {
        switch self {
        case .lookup(let error): error.description
        case .nothingToRemove(let what): "nothing to \(what): the stack has only its root"
        case .unknownAction(let id, let available):
            "this screen has no action '\(id)'; available: \(available.isEmpty ? "none" : available.joined(separator: ", "))"
        case .disabledAction(let id): "the action '\(id)' is disabled right now"
        case .noScreen: "no screen is open; open a URL first"
        }
    }
}

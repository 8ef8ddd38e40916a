/// Why a route or a service could not be provided.
public enum LookupError: Error, Sendable, CustomStringConvertible {
    /// No registered route matches the URL; `suggestions` are the nearest registered patterns.
    case routeNotFound(url: String, suggestions: [String])
    /// The route's factory threw while building the screen.
    case screenFailed(url: String, owner: Owner, reason: String)
    /// No module provides a service of this type; `provided` lists the types that are provided.
    case serviceNotFound(type: String, provided: [String])

    /// What failed and what to do.
    public var description: String {
        switch self {
        case .routeNotFound(let url, let suggestions):
            "no route matches '\(url)'"
                + (suggestions.isEmpty
                    ? "; no routes are registered — load a plugin that provides it"
                    : "; did you mean \(suggestions.map { "'\($0)'" }.joined(separator: ", "))?")
        case .screenFailed(let url, let owner, let reason):
            "the screen for '\(url)' of \(owner) failed to build: \(reason)"
        case .serviceNotFound(let type, let provided):
            "no module provides \(type)"
                + (provided.isEmpty ? "" : "; provided: \(provided.joined(separator: ", "))")
        }
    }
}

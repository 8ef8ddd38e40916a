public import PlugboardRouting

/// Why a route or a service could not be provided.
public enum LookupError: Error, Sendable, CustomStringConvertible {
    /// No registered route matches the URL; `suggestions` are the nearest registered patterns.
    case routeNotFound(url: String, suggestions: [String])
    /// The URL cannot be routed (not `scheme://host/path`, or a malformed escape).
    case invalidURL(RouteURLError)
    /// An interceptor refused the request.
    case rejected(url: String, by: Owner, reason: String)
    /// An interceptor threw instead of deciding.
    case interceptorFailed(url: String, owner: Owner, reason: String)
    /// Interceptors kept redirecting; `chain` lists the URLs in order.
    case redirectLoop(chain: [String])
    /// The route's factory threw while building the screen.
    case screenFailed(url: String, owner: Owner, reason: String)
    /// A URL could not be built from a pattern.
    case cannotBuildURL(URLBuildError)
    /// No module provides a service of this type; `provided` lists the types that are provided.
    case serviceNotFound(type: String, provided: [String])
    /// The module that owns the route is disabled.
    case moduleDisabled(url: String, module: String)

    /// What failed and what to do.
    public var description: String {
        switch self {
        case .routeNotFound(let url, let suggestions):
            "no route matches '\(url)'"
                + (suggestions.isEmpty
                    ? "; no routes are registered — load a plugin that provides it"
                    : "; did you mean \(suggestions.map { "'\($0)'" }.joined(separator: ", "))?")
        case .invalidURL(let error):
            error.description
        case .rejected(let url, let owner, let reason):
            "'\(url)' was refused by an interceptor of \(owner): \(reason)"
        case .interceptorFailed(let url, let owner, let reason):
            "an interceptor of \(owner) failed on '\(url)': \(reason)"
        case .redirectLoop(let chain):
            "interceptors redirected \(chain.count - 1) times without reaching a screen: "
                + chain.joined(separator: " -> ")
        case .screenFailed(let url, let owner, let reason):
            "the screen for '\(url)' of \(owner) failed to build: \(reason)"
        case .cannotBuildURL(let error):
            error.description
        case .serviceNotFound(let type, let provided):
            "no module provides \(type)"
                + (provided.isEmpty ? "" : "; provided: \(provided.joined(separator: ", "))")
        case .moduleDisabled(let url, let module):
            "'\(url)' belongs to module \(module), which is disabled"
        }
    }
}

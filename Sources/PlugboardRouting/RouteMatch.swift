/// The result of resolving a URL: a route with its decoded values, no route, or a bad URL.
public enum RouteMatch<Route: Sendable>: Sendable {
    /// The URL matched `entry`; `parameters` holds its path parameters, query and fragment.
    case matched(Router<Route>.Entry, RouteParameters)
    /// The URL is well formed but no pattern matches it.
    case notFound
    /// The URL cannot be routed.
    case invalid(RouteURLError)
}

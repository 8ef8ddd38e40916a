/// The result of resolving a URL: a route with its decoded values, no route, or a bad URL.
///
/// ```swift
/// switch router.match(url) {
/// case .matched(let entry, let parameters): print(entry.route, parameters)
/// case .notFound: print("no route for", url)
/// case .invalid(let error): print(error)
/// }
/// ```
public enum RouteMatch<Route: Sendable>: Sendable {
    /// The URL matched `entry`; `parameters` holds its path parameters, query and fragment.
    ///
    /// ```swift
    /// if case .matched(let entry, let parameters) = router.match("app://circles/42") {
    ///     print(entry.pattern, parameters["id"]!)  // app://circles/:id(int) 42
    /// }
    /// ```
    case matched(Router<Route>.Entry, RouteParameters)
    /// The URL is well formed but no pattern matches it.
    ///
    /// ```swift
    /// if case .notFound = router.match("app://nowhere") { print("no route") }
    /// ```
    case notFound
    /// The URL cannot be routed.
    ///
    /// ```swift
    /// if case .invalid(let error) = router.match("not a url") { print(error.reason) }
    /// ```
    case invalid(RouteURLError)
}

/// The values a matched URL supplied: path parameters, query items and the fragment, decoded.
///
/// ```swift
/// if case .matched(_, let parameters) = router.match("app://circles/42?tab=members#top") {
///     parameters["id"]      // "42"
///     parameters["tab"]     // "members"
///     parameters.fragment   // "top"
/// }
/// ```
public struct RouteParameters: Sendable, Hashable {
    /// Path parameters in pattern order, by name (`**` for a catch-all).
    ///
    /// ```swift
    /// parameters.path  // [(name: "id", value: "42")] for app://circles/42 and app://circles/:id(int)
    /// ```
    public internal(set) var path: [(name: String, value: String)]
    /// Query items in URL order; a name may repeat.
    ///
    /// ```swift
    /// parameters.query  // [(name: "tag", value: "a"), (name: "tag", value: "b")] for ?tag=a&tag=b
    /// ```
    public internal(set) var query: [(name: String, value: String)]
    /// The fragment after `#`, or `nil`.
    ///
    /// ```swift
    /// parameters.fragment  // "top" for app://blog/7#top
    /// ```
    public internal(set) var fragment: String?

    /// Creates parameters.
    ///
    /// ```swift
    /// let parameters = RouteParameters(path: [("id", "42")], query: [("tab", "members")])
    /// parameters["tab"]  // "members"
    /// ```
    public init(
        path: [(name: String, value: String)] = [], query: [(name: String, value: String)] = [], fragment: String? = nil
    ) {
        self.path = path
        self.query = query
        self.fragment = fragment
    }

    /// The path parameter `name`, or else the last query item `name`.
    ///
    /// ```swift
    /// let parameters = RouteParameters(path: [("id", "42")], query: [("id", "7"), ("sort", "new")])
    /// parameters["id"]    // "42": the path parameter wins
    /// parameters["sort"]  // "new"
    /// ```
    public subscript(name: String) -> String? {
        path.first { $0.name == name }?.value ?? query.last { $0.name == name }?.value
    }

    /// Whether both hold the same path parameters, query items and fragment, in the same order.
    ///
    /// ```swift
    /// RouteParameters(path: [("id", "1")]) == RouteParameters(path: [("id", "1")])  // true
    /// ```
    public static func == (lhs: RouteParameters, rhs: RouteParameters) -> Bool {
        lhs.path.elementsEqual(rhs.path) { $0 == $1 } && lhs.query.elementsEqual(rhs.query) { $0 == $1 }
            && lhs.fragment == rhs.fragment
    }

    /// Hashes the parameters, query items and fragment.
    ///
    /// ```swift
    /// let seen: Set<RouteParameters> = [RouteParameters(path: [("id", "1")])]
    /// ```
    public func hash(into hasher: inout Hasher) {
        for (name, value) in path {
            hasher.combine(name)
            hasher.combine(value)
        }
        for (name, value) in query {
            hasher.combine(name)
            hasher.combine(value)
        }
        hasher.combine(fragment)
    }
}

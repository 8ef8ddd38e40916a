/// Resolves URLs to routes through a trie of patterns: lookup cost depends on the number of path
/// segments, not on the number of routes.
///
/// ```swift
/// var router = Router<String>()
/// try router.add(RoutePattern("app://circles/:id(int)"), "circle page")
/// if case .matched(let entry, let parameters) = router.match("app://circles/42?tab=members") {
///     print(entry.route, parameters["id"]!, parameters["tab"]!)  // circle page 42 members
/// }
/// ```
///
/// **Precedence** does not depend on registration order. At each segment the router tries, in
/// order: a literal, typed parameters (by type name), an untyped parameter, `*`, then `**`; if a
/// branch fails further down, it backtracks to the next. **Case:** scheme and host ignore case,
/// path literals do not. **Slashes:** a trailing slash and empty segments are ignored. **Escapes:**
/// segments, query items and the fragment are percent-decoded (only when they contain `%`); a
/// malformed escape makes the URL invalid; `+` is not a space. Dot segments (`..`) are not
/// resolved: they are ordinary segments.
public struct Router<Route: Sendable>: Sendable {
    /// A routed pattern and its route.
    ///
    /// ```swift
    /// for entry in router.entries { print(entry.pattern, "->", entry.route) }
    /// ```
    public struct Entry: Sendable {
        /// The pattern.
        ///
        /// ```swift
        /// router.entries.map(\.pattern.description)  // ["app://circles/:id(int)", …]
        /// ```
        public let pattern: RoutePattern
        /// What the pattern routes to.
        ///
        /// ```swift
        /// if case .matched(let entry, _) = router.match("app://circles/42") { print(entry.route) }
        /// ```
        public let route: Route

        /// Creates an entry.
        ///
        /// ```swift
        /// let entry = Router<String>.Entry(pattern: try RoutePattern("app://home"), route: "home")
        /// ```
        @inlinable
        public init(pattern: RoutePattern, route: Route) {
            self.pattern = pattern
            self.route = route
        }
    }

    @usableFromInline var table: RouteTable
    @usableFromInline var routes: [Route] = []

    /// Creates an empty router that knows `types`.
    /// - Parameter types: The parameter types patterns may use; the built-ins by default.
    ///
    /// ```swift
    /// var router = Router<String>()                               // int, double and uuid
    /// var custom = Router<String>(types: ParameterType.builtins + [slug])
    /// ```
    public init(types: [ParameterType] = ParameterType.builtins) {
        table = RouteTable(types: types)
    }

    /// How many patterns are routed.
    ///
    /// ```swift
    /// try router.add(RoutePattern("app://home"), "home")
    /// router.count  // 1
    /// ```
    public var count: Int { routes.count }

    /// Every routed pattern, in the order added.
    ///
    /// ```swift
    /// router.entries.map(\.route)  // routes in the order added
    /// ```
    public var entries: [Entry] {
        zip(table.patterns, routes).map { Entry(pattern: $0, route: $1) }
    }

    /// Defines a parameter type for patterns added later.
    /// - Parameter type: The type.
    /// - Throws: ``RouterError/duplicateType(_:)`` if the name is taken.
    ///
    /// ```swift
    /// try router.define(ParameterType("even") { Int($0).map { $0 % 2 == 0 } ?? false })
    /// try router.add(RoutePattern("app://pairs/:n(even)"), "pair")
    /// ```
    public mutating func define(_ type: ParameterType) throws(RouterError) {
        try table.define(type)
    }

    /// Adds `pattern`, routed to `route`.
    /// - Parameters:
    ///   - pattern: The pattern.
    ///   - route: What it routes to.
    /// - Throws: ``RouterError`` for a pattern of the same shape or an unknown type; the router
    ///   is unchanged.
    /// - Complexity: O(segments).
    ///
    /// ```swift
    /// try router.add(RoutePattern("app://circles/:id(int)"), "circle")
    /// try router.add(RoutePattern("app://circles/:other(int)"), "again")  // throws RouterError.conflict
    /// ```
    @inlinable
    public mutating func add(_ pattern: RoutePattern, _ route: Route) throws(RouterError) {
        _ = try table.add(pattern)
        routes.append(route)
    }

    /// Routes the pattern of the same shape as `pattern`, already routed, to `route` instead.
    /// - Parameters:
    ///   - pattern: A pattern of a routed shape.
    ///   - route: What it routes to from now on.
    /// - Returns: Whether such a pattern was routed (the router is unchanged otherwise).
    /// - Complexity: O(segments).
    ///
    /// ```swift
    /// try router.add(RoutePattern("app://circles"), "placeholder")
    /// router.replaceRoute(for: try RoutePattern("app://circles"), with: "circles")  // true
    /// ```
    public mutating func replaceRoute(for pattern: RoutePattern, with route: Route) -> Bool {
        guard let index = table.index(of: pattern) else { return false }
        routes[index] = route
        return true
    }

    /// The entry whose pattern has the same shape as `pattern`, if any.
    ///
    /// ```swift
    /// router.entry(for: try RoutePattern("app://circles/:x(int)"))?.route  // "circle", the same shape
    /// ```
    public func entry(for pattern: RoutePattern) -> Entry? {
        table.index(of: pattern).map { Entry(pattern: table.patterns[$0], route: routes[$0]) }
    }

    /// Resolves `url`.
    /// - Parameter url: A URL such as `app://circles/42?tab=members#top`.
    /// - Returns: The matched entry and the decoded values, ``RouteMatch/notFound``, or
    ///   ``RouteMatch/invalid(_:)`` for a URL that cannot be routed.
    /// - Complexity: O(segments) dictionary lookups, plus backtracking among the branches the
    ///   patterns themselves create; independent of the number of routes.
    ///
    /// ```swift
    /// switch router.match("app://circles/42?tab=members") {
    /// case .matched(let entry, let parameters): print(entry.route, parameters["id"]!)
    /// case .notFound: print("no route")
    /// case .invalid(let error): print(error)
    /// }
    /// ```
    @inlinable
    public func match(_ url: String) -> RouteMatch<Route> {
        switch table.match(url) {
        case .matched(let index, let parameters):
            .matched(Entry(pattern: table.patterns[index], route: routes[index]), parameters)
        case .notFound:
            .notFound
        case .invalid(let error):
            .invalid(error)
        }
    }

    /// Builds the URL of `pattern` from parameter values, percent-encoding them.
    ///
    /// A URL it builds matches `pattern` back with the same values (unless another route of the
    /// router takes precedence over it); a value that could not come back the same is refused.
    ///
    /// ```swift
    /// try router.url(for: RoutePattern("app://circles/:id(int)"), parameters: ["id": "42"])  // app://circles/42
    /// ```
    /// - Parameters:
    ///   - pattern: A pattern (it need not be routed, but its types must be known).
    ///   - parameters: A value for every parameter; `**` takes a path such as `a/b`.
    ///   - query: Query items to append, in order.
    /// - Returns: The URL.
    /// - Throws: ``URLBuildError`` for a missing value, a value its type rejects, a `**` value with
    ///   an empty segment (`/`, `a//b`, `/a`), or a `*` segment.
    public func url(
        for pattern: RoutePattern,
        parameters: [String: String],
        query: [(name: String, value: String)] = []
    ) throws(URLBuildError) -> String {
        try table.url(for: pattern, parameters: parameters, query: query)
    }
}

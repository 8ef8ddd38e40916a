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
    public struct Entry: Sendable {
        /// The pattern.
        public let pattern: RoutePattern
        /// What the pattern routes to.
        public let route: Route
    }

    private var roots: [Substring: TrieNode] = [:]
    private var shapes: [String: Int] = [:]
    private var types: [String: ParameterType]
    /// Every routed pattern, in the order added.
    public private(set) var entries: [Entry] = []

    /// Creates an empty router that knows `types`.
    /// - Parameter types: The parameter types patterns may use; the built-ins by default.
    public init(types: [ParameterType] = ParameterType.builtins) {
        self.types = Dictionary(types.map { ($0.name, $0) }, uniquingKeysWith: { first, _ in first })
    }

    /// Defines a parameter type for patterns added later.
    /// - Parameter type: The type.
    /// - Throws: ``RouterError/duplicateType(_:)`` if the name is taken.
    public mutating func define(_ type: ParameterType) throws(RouterError) {
        guard types[type.name] == nil else { throw .duplicateType(type.name) }
        types[type.name] = type
    }

    /// Adds `pattern`, routed to `route`.
    /// - Parameters:
    ///   - pattern: The pattern.
    ///   - route: What it routes to.
    /// - Throws: ``RouterError`` for a pattern of the same shape or an unknown type; the router
    ///   is unchanged.
    /// - Complexity: O(segments).
    public mutating func add(_ pattern: RoutePattern, _ route: Route) throws(RouterError) {
        if let existing = shapes[pattern.shape] {
            throw .conflict(pattern: pattern, existing: entries[existing].pattern)
        }
        for case .parameter(_, let type?) in pattern.segments where types[type] == nil {
            throw .unknownType(type, pattern: pattern, known: types.keys.sorted())
        }
        let index = entries.count
        let origin = Substring("\(pattern.scheme)://\(pattern.host)")
        _ = roots[origin, default: TrieNode()].insert(pattern.segments[...], route: index)
        shapes[pattern.shape] = index
        entries.append(Entry(pattern: pattern, route: route))
    }

    /// The entry whose pattern has the same shape as `pattern`, if any.
    public func entry(for pattern: RoutePattern) -> Entry? {
        shapes[pattern.shape].map { entries[$0] }
    }

    /// Resolves `url`.
    /// - Parameter url: A URL such as `app://circles/42?tab=members#top`.
    /// - Returns: The matched entry and the decoded values, ``RouteMatch/notFound``, or
    ///   ``RouteMatch/invalid(_:)`` for a URL that cannot be routed.
    /// - Complexity: O(segments) dictionary lookups, plus backtracking among the branches the
    ///   patterns themselves create; independent of the number of routes.
    public func match(_ url: String) -> RouteMatch<Route> {
        let parts: URLParts
        switch URLParts.split(url) {
        case .success(let split): parts = split
        case .failure(let error): return .invalid(error)
        }
        let root: TrieNode?
        if parts.origin.utf8.contains(where: { $0 >= UInt8(ascii: "A") && $0 <= UInt8(ascii: "Z") }) {
            root = roots[Substring(parts.origin.lowercased())]
        } else {
            root = roots[parts.origin]
        }
        guard let root else { return .notFound }
        if parts.path.utf8.contains(UInt8(ascii: "%")) {
            var decoded: [Substring] = []
            for raw in parts.path.split(separator: "/", omittingEmptySubsequences: true) {
                guard let segment = RouteEncoding.decode(raw) else {
                    return .invalid(
                        RouteURLError(url: url, reason: "'\(raw.prefix(40))' has a malformed percent escape"))
                }
                decoded.append(Substring(segment))
            }
            return resolve(root: root, segments: decoded, parts: parts, url: url)
        }
        let count = parts.path.utf8.split(separator: UInt8(ascii: "/"), omittingEmptySubsequences: true).count
        return withUnsafeTemporaryAllocation(of: Substring.self, capacity: max(count, 1)) { buffer in
            var filled = 0
            for segment in parts.path.split(separator: "/", omittingEmptySubsequences: true) {
                (buffer.baseAddress! + filled).initialize(to: segment)
                filled += 1
            }
            defer { buffer.baseAddress!.deinitialize(count: filled) }
            return resolve(
                root: root, segments: UnsafeBufferPointer(rebasing: buffer[..<filled]), parts: parts, url: url)
        }
    }

    private func resolve<Segments: RandomAccessCollection<Substring>>(
        root: TrieNode,
        segments: Segments,
        parts: URLParts,
        url: String
    ) -> RouteMatch<Route> {
        var captures: [Segments.Index] = []
        guard let index = root.match(segments, from: segments.startIndex, types: types, captures: &captures) else {
            return .notFound
        }
        let entry = entries[index]
        var parameters = RouteParameters()
        var names = entry.pattern.parameterNames.makeIterator()
        for capture in captures {
            guard let name = names.next() else { break }
            if name == "**" {
                parameters.path.append((name, segments[capture...].joined(separator: "/")))
            } else {
                parameters.path.append((name, String(segments[capture])))
            }
        }
        if let query = parts.query {
            for item in query.split(separator: "&", omittingEmptySubsequences: true) {
                let pair = item.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
                guard let name = RouteEncoding.decode(pair[0]),
                    let value = pair.count > 1 ? RouteEncoding.decode(pair[1]) : ""
                else {
                    return .invalid(
                        RouteURLError(
                            url: url, reason: "the query item '\(item.prefix(40))' has a malformed percent escape"))
                }
                parameters.query.append((name, value))
            }
        }
        if let fragment = parts.fragment {
            guard let decoded = RouteEncoding.decode(fragment) else {
                return .invalid(RouteURLError(url: url, reason: "the fragment has a malformed percent escape"))
            }
            parameters.fragment = decoded
        }
        return .matched(entry, parameters)
    }

    /// Builds the URL of `pattern` from parameter values, percent-encoding them.
    ///
    /// ```swift
    /// try router.url(for: RoutePattern("app://circles/:id(int)"), parameters: ["id": "42"])  // app://circles/42
    /// ```
    /// - Parameters:
    ///   - pattern: A pattern (it need not be routed, but its types must be known).
    ///   - parameters: A value for every parameter; `**` takes a path such as `a/b`.
    ///   - query: Query items to append, in order.
    /// - Returns: The URL.
    /// - Throws: ``URLBuildError`` for a missing value, a value its type rejects, or a `*` segment.
    public func url(
        for pattern: RoutePattern,
        parameters: [String: String],
        query: [(name: String, value: String)] = []
    ) throws(URLBuildError) -> String {
        var url = "\(pattern.scheme)://\(pattern.host)"
        for segment in pattern.segments {
            switch segment {
            case .literal(let text):
                url += "/" + RouteEncoding.encode(text)
            case .parameter(let name, let type):
                guard let value = parameters[name], !value.isEmpty else {
                    throw URLBuildError(pattern: pattern.description, reason: "no value for ':\(name)'")
                }
                if let type, types[type]?.accepts(Substring(value)) != true {
                    throw URLBuildError(
                        pattern: pattern.description, reason: "'\(value)' is not a valid \(type) for ':\(name)'")
                }
                url += "/" + RouteEncoding.encode(value)
            case .wildcard:
                throw URLBuildError(
                    pattern: pattern.description, reason: "'*' matches any segment and has no value to build")
            case .catchAll:
                guard let rest = parameters["**"], !rest.isEmpty else {
                    throw URLBuildError(pattern: pattern.description, reason: "no value for '**'")
                }
                url += rest.split(separator: "/").map { "/" + RouteEncoding.encode(String($0)) }.joined()
            }
        }
        if !query.isEmpty {
            url +=
                "?"
                + query.map { RouteEncoding.encode($0.name) + "=" + RouteEncoding.encode($0.value) }.joined(
                    separator: "&")
        }
        return url
    }
}

/// The non-generic core of ``Router``: patterns, parameter types and the trie.
public struct RouteTable: Sendable {
    /// The result of matching a URL against the table.
    public enum Match: Sendable {
        /// The pattern at `index` matched, with these values.
        case matched(index: Int, parameters: RouteParameters)
        /// No pattern matches.
        case notFound
        /// The URL cannot be routed.
        case invalid(RouteURLError)
    }

    private var roots: [Substring: TrieNode] = [:]
    private var shapes: [String: Int] = [:]
    private var types: [String: ParameterType]
    /// Every pattern, in the order added.
    public private(set) var patterns: [RoutePattern] = []

    /// Creates an empty table that knows `types`.
    public init(types: [ParameterType]) {
        self.types = Dictionary(types.map { ($0.name, $0) }, uniquingKeysWith: { first, _ in first })
    }

    /// Defines a parameter type; see ``Router/define(_:)``.
    public mutating func define(_ type: ParameterType) throws(RouterError) {
        guard types[type.name] == nil else { throw .duplicateType(type.name) }
        types[type.name] = type
    }

    /// Adds `pattern` and returns its index; see ``Router/add(_:_:)``.
    public mutating func add(_ pattern: RoutePattern) throws(RouterError) -> Int {
        if let existing = shapes[pattern.shape] {
            throw .conflict(pattern: pattern, existing: patterns[existing])
        }
        for case .parameter(_, let type?) in pattern.segments where types[type] == nil {
            throw .unknownType(type, pattern: pattern, known: types.keys.sorted())
        }
        let index = patterns.count
        let origin = Substring("\(pattern.scheme)://\(pattern.host)")
        _ = roots[origin, default: TrieNode()].insert(pattern.segments[...], route: index)
        shapes[pattern.shape] = index
        patterns.append(pattern)
        return index
    }

    /// The index of the pattern with the same shape as `pattern`, if any.
    public func index(of pattern: RoutePattern) -> Int? {
        shapes[pattern.shape]
    }

    /// Matches `url`; see ``Router/match(_:)``.
    public func match(_ url: String) -> Match {
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
            var malformed: Substring?
            PathSegments.forEach(parts.path) { raw in
                guard malformed == nil else { return }
                if let segment = RouteEncoding.decode(raw) {
                    decoded.append(Substring(segment))
                } else {
                    malformed = raw
                }
            }
            if let malformed {
                return .invalid(
                    RouteURLError(url: url, reason: "'\(malformed.prefix(40))' has a malformed percent escape"))
            }
            return resolve(root: root, segments: decoded, parts: parts, url: url)
        }
        let count = PathSegments.count(parts.path)
        return withUnsafeTemporaryAllocation(of: Substring.self, capacity: max(count, 1)) { buffer in
            var filled = 0
            PathSegments.forEach(parts.path) { segment in
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
    ) -> Match {
        var captures: [Segments.Index] = []
        guard let index = root.match(segments, from: segments.startIndex, types: types, captures: &captures) else {
            return .notFound
        }
        var parameters = RouteParameters()
        let names = patterns[index].parameterNames
        if !captures.isEmpty { parameters.path.reserveCapacity(captures.count) }
        for (capture, name) in zip(captures, names) {
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
                            url: url, reason: "the query item '\(item.prefix(40))' has a malformed percent escape")
                    )
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
        return .matched(index: index, parameters: parameters)
    }

    /// Builds a URL; see ``Router/url(for:parameters:query:)``.
    public func url(
        for pattern: RoutePattern,
        parameters: [String: String],
        query: [(name: String, value: String)]
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

/// The non-generic core of ``Router``: patterns, parameter types and the trie. Visible to
/// inlinable code only, so that `Router.match(_:)` specializes in the caller's module.
@usableFromInline
struct RouteTable: Sendable {
    /// The result of matching a URL against the table.
    @usableFromInline
    enum Match: Sendable {
        /// The pattern at `index` matched, with these values.
        case matched(index: Int, parameters: RouteParameters)
        /// No pattern matches.
        case notFound
        /// The URL cannot be routed.
        case invalid(RouteURLError)
    }

    private var trie = ByteTrie()
    private var shapes: [String: Int] = [:]
    private var types: [String: ParameterType]
    /// Every pattern, in the order added.
    @usableFromInline private(set) var patterns: [RoutePattern] = []

    /// Creates an empty table that knows `types`.
    init(types: [ParameterType]) {
        self.types = Dictionary(types.map { ($0.name, $0) }, uniquingKeysWith: { first, _ in first })
    }

    /// Defines a parameter type; see ``Router/define(_:)``.
    mutating func define(_ type: ParameterType) throws(RouterError) {
        guard types[type.name] == nil else { throw .duplicateType(type.name) }
        types[type.name] = type
    }

    /// Adds `pattern` and returns its index; see ``Router/add(_:_:)``.
    mutating func add(_ pattern: RoutePattern) throws(RouterError) -> Int {
        let shape = pattern.shape
        if let existing = shapes[shape] {
            throw .conflict(pattern: pattern, existing: patterns[existing])
        }
        for case .parameter(_, let type?) in pattern.segments where types[type] == nil {
            throw .unknownType(type, pattern: pattern, known: types.keys.sorted())
        }
        let index = patterns.count
        let root = trie.root(for: "\(pattern.scheme)://\(pattern.host)")
        _ = trie.insert(pattern.segments[...], at: root, route: index)
        shapes[shape] = index
        patterns.append(pattern)
        return index
    }

    /// The index of the pattern with the same shape as `pattern`, if any.
    func index(of pattern: RoutePattern) -> Int? {
        shapes[pattern.shape]
    }

    /// Matches `url`; see ``Router/match(_:)``.
    @usableFromInline
    func match(_ url: String) -> Match {
        let parts: URLParts
        switch URLParts.split(url) {
        case .success(let split): parts = split
        case .failure(let error): return .invalid(error)
        }
        var origin = parts.origin
        // Scanned through their UTF-8 buffers: far cheaper than iterating the views.
        if origin.withUTF8({ $0.contains { $0 &- UInt8(ascii: "A") < 26 } }) {
            origin = Substring(origin.lowercased())
        }
        guard let root = origin.withUTF8({ trie.root(matching: $0) }) else { return .notFound }
        var path = parts.path
        if path.withUTF8({ $0.contains(UInt8(ascii: "%")) }) {
            var decoded: [String] = []
            var malformed: Substring?
            PathSegments.forEach(path) { raw in
                guard malformed == nil else { return }
                if let segment = RouteEncoding.decode(raw) { decoded.append(segment) } else { malformed = raw }
            }
            if let malformed {
                return .invalid(
                    RouteURLError(url: url, reason: "'\(malformed.prefix(40))' has a malformed percent escape"))
            }
            // Match the decoded segments as a path of their own, separated by 0xFF, a byte UTF-8
            // never contains, so a decoded '/' stays inside its segment.
            let joined = Array(decoded.map { Array($0.utf8) }.joined(separator: [0xFF]))
            return joined.withUnsafeBufferPointer {
                resolve(root: root, bytes: $0, separator: 0xFF, parts: parts, url: url)
            }
        }
        return path.withUTF8 { resolve(root: root, bytes: $0, separator: UInt8(ascii: "/"), parts: parts, url: url) }
    }

    private func resolve(
        root: ByteTrie.Position,
        bytes: UnsafeBufferPointer<UInt8>,
        separator: UInt8,
        parts: URLParts,
        url: String
    ) -> Match {
        var count = 0
        var previous = separator
        for byte in bytes {
            if byte != separator && previous == separator { count += 1 }
            previous = byte
        }
        return withUnsafeTemporaryAllocation(of: Range<Int>.self, capacity: max(count, 1)) { buffer in
            var filled = 0
            var start = -1
            for (offset, byte) in bytes.enumerated() {
                if byte == separator {
                    if start >= 0 {
                        buffer[filled] = start..<offset
                        filled += 1
                        start = -1
                    }
                } else if start < 0 {
                    start = offset
                }
            }
            if start >= 0 {
                buffer[filled] = start..<bytes.count
                filled += 1
            }
            let segments = UnsafeBufferPointer(rebasing: buffer[..<filled])
            var captures: [Int] = []
            guard let index = trie.match(bytes, segments, from: root, types: types, captures: &captures) else {
                return .notFound
            }
            var parameters = RouteParameters()
            let names = patterns[index].parameterNames
            if !captures.isEmpty { parameters.path.reserveCapacity(captures.count) }
            for (capture, name) in zip(captures, names) {
                if name == "**" {
                    let rest = segments[capture...].map {
                        String(decoding: UnsafeBufferPointer(rebasing: bytes[$0]), as: UTF8.self)
                    }
                    parameters.path.append((name, rest.joined(separator: "/")))
                } else {
                    parameters.path.append(
                        (name, String(decoding: UnsafeBufferPointer(rebasing: bytes[segments[capture]]), as: UTF8.self))
                    )
                }
            }
            return finish(parameters, parts: parts, url: url, index: index)
        }
    }

    /// Adds the query items and fragment to `parameters`.
    private func finish(_ parameters: RouteParameters, parts: URLParts, url: String, index: Int) -> Match {
        var parameters = parameters
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
    func url(
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

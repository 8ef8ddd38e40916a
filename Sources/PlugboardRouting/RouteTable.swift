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
    private var types: [String: ParameterType]
    /// Every pattern, in the order added.
    @usableFromInline private(set) var patterns: [RoutePattern] = []
    /// Every pattern's parameter names one after another, and where each pattern's are: a match
    /// reads them from these two dense arrays rather than from its pattern's own storage.
    private var parameterNames: [String] = []
    private var parameterNameRanges: [Range<Int>] = []

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
    @usableFromInline
    mutating func add(_ pattern: RoutePattern) throws(RouterError) -> Int {
        for case .parameter(_, let type?) in pattern.segments where types[type] == nil {
            throw .unknownType(type, pattern: pattern, known: types.keys.sorted())
        }
        let index = patterns.count
        if let existing = trie.insert(pattern, route: index, types: types) {
            throw .conflict(pattern: pattern, existing: patterns[existing])
        }
        patterns.append(pattern)
        parameterNameRanges.append(parameterNames.count..<parameterNames.count + pattern.parameterNames.count)
        parameterNames += pattern.parameterNames
        return index
    }

    /// The index of the pattern with the same shape as `pattern`, if any.
    func index(of pattern: RoutePattern) -> Int? {
        trie.route(of: pattern)
    }

    /// Matches `url`; see ``Router/match(_:)``. Works on the URL's UTF-8 bytes in place: strings
    /// are made only for the values returned.
    @usableFromInline
    func match(_ url: String) -> Match {
        // `withUTF8` copies only a string whose UTF-8 is not contiguous already.
        var contiguous = url
        return contiguous.withUTF8 { match(bytes: $0, url: url) }
    }

    private func match(bytes: UnsafeBufferPointer<UInt8>, url: String) -> Match {
        let parts: URLParts
        do { parts = try URLParts.split(bytes) } catch {
            return .invalid(RouteURLError(url: url, reason: error.reason))
        }
        guard let arena = arena(of: UnsafeBufferPointer(rebasing: bytes[..<parts.hostEnd])) else {
            return .notFound
        }
        let path = UnsafeBufferPointer(rebasing: bytes[parts.hostEnd..<parts.pathEnd])
        let values = Values(url: url, bytes: bytes, parts: parts)
        guard path.contains(UInt8(ascii: "%")) else {
            return resolve(arena: arena, path: path, separator: UInt8(ascii: "/"), values: values)
        }
        // Match the decoded segments as a path of their own, separated by 0xFF, a byte UTF-8
        // never contains, so a decoded '/' stays inside its segment. Decoding never lengthens.
        return withUnsafeTemporaryAllocation(of: UInt8.self, capacity: path.count) { decoded in
            var length = 0
            for segment in PathSegments(path, separator: UInt8(ascii: "/")) {
                let raw = UnsafeBufferPointer(rebasing: path[segment])
                guard let count = RouteEncoding.decode(raw, into: decoded.baseAddress! + length) else {
                    let shown = String(decoding: raw.prefix(40), as: UTF8.self)
                    return .invalid(RouteURLError(url: url, reason: "'\(shown)' has a malformed percent escape"))
                }
                length += count
                if segment.upperBound < path.count {
                    decoded[length] = 0xFF
                    length += 1
                }
            }
            return resolve(
                arena: arena, path: UnsafeBufferPointer(rebasing: decoded[..<length]), separator: 0xFF, values: values)
        }
    }

    /// The trie arena of `origin`'s routes; scheme and host ignore case.
    private func arena(of origin: UnsafeBufferPointer<UInt8>) -> Int? {
        guard origin.contains(where: ASCII.isUppercase) else { return trie.arena(of: origin) }
        return withUnsafeTemporaryAllocation(of: UInt8.self, capacity: origin.count) { lowercase in
            for (offset, byte) in origin.enumerated() {
                lowercase[offset] = ASCII.isUppercase(byte) ? byte | 0x20 : byte
            }
            return trie.arena(of: UnsafeBufferPointer(lowercase))
        }
    }

    /// The URL around the path being matched, for the values a match returns besides the path's.
    private struct Values {
        let url: String
        let bytes: UnsafeBufferPointer<UInt8>
        let parts: URLParts
    }

    private func resolve(
        arena: Int, path: UnsafeBufferPointer<UInt8>, separator: UInt8, values: Values
    ) -> Match {
        // A path of n bytes has at most (n + 1) / 2 non-empty segments.
        let capacity = path.count / 2 + 1
        return withUnsafeTemporaryAllocation(of: Range<Int>.self, capacity: capacity) { buffer in
            var filled = 0
            for segment in PathSegments(path, separator: separator) {
                buffer[filled] = segment
                filled += 1
            }
            let segments = UnsafeBufferPointer(rebasing: buffer[..<filled])
            return withUnsafeTemporaryAllocation(of: Int.self, capacity: capacity) { storage in
                var captures = SegmentCaptures(storage: storage.baseAddress!)
                guard let index = trie.match(path, segments, in: arena, captures: &captures) else {
                    return .notFound
                }
                var parameters = RouteParameters()
                if captures.count > 0 { parameters.path.reserveCapacity(captures.count) }
                for (capture, name) in zip(captures.positions, parameterNames[parameterNameRanges[index]]) {
                    let value =
                        name == "**"
                        ? Self.rest(of: path, segments[capture...])
                        : String(decoding: UnsafeBufferPointer(rebasing: path[segments[capture]]), as: UTF8.self)
                    parameters.path.append((name, value))
                }
                return finish(parameters, values: values, index: index)
            }
        }
    }

    /// The `segments` of `path` joined by `/`: the value of a `**`.
    private static func rest(of path: UnsafeBufferPointer<UInt8>, _ segments: Slice<UnsafeBufferPointer<Range<Int>>>)
        -> String
    {
        let length = segments.reduce(segments.count - 1) { $0 + $1.count }
        return String(unsafeUninitializedCapacity: length) { output in
            var written = 0
            for segment in segments {
                if written > 0 {
                    output[written] = UInt8(ascii: "/")
                    written += 1
                }
                for byte in path[segment] {
                    output[written] = byte
                    written += 1
                }
            }
            return written
        }
    }

    /// Adds the query items and fragment to `parameters`.
    private func finish(_ parameters: RouteParameters, values: Values, index: Int) -> Match {
        var parameters = parameters
        if let query = values.parts.query {
            var itemStart = query.lowerBound
            while itemStart < query.upperBound {
                let itemEnd =
                    values.bytes[itemStart..<query.upperBound].firstIndex(of: UInt8(ascii: "&")) ?? query.upperBound
                defer { itemStart = itemEnd + 1 }
                guard itemStart < itemEnd else { continue }
                let item = UnsafeBufferPointer(rebasing: values.bytes[itemStart..<itemEnd])
                let equals = item.firstIndex(of: UInt8(ascii: "=")) ?? item.count
                guard let name = RouteEncoding.decode(UnsafeBufferPointer(rebasing: item[..<equals])),
                    let value = RouteEncoding.decode(
                        UnsafeBufferPointer(rebasing: item[min(equals + 1, item.count)...]))
                else {
                    let shown = String(decoding: item.prefix(40), as: UTF8.self)
                    return .invalid(
                        RouteURLError(
                            url: values.url, reason: "the query item '\(shown)' has a malformed percent escape"))
                }
                parameters.query.append((name, value))
            }
        }
        if let fragment = values.parts.fragment {
            guard let decoded = RouteEncoding.decode(UnsafeBufferPointer(rebasing: values.bytes[fragment])) else {
                return .invalid(RouteURLError(url: values.url, reason: "the fragment has a malformed percent escape"))
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
                // Checked as matching checks a decoded segment, so that the URL matches back.
                var bytes = value
                if let type, bytes.withUTF8({ types[type]?.accepts(bytes: $0) }) != true {
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
                // Matching ignores empty segments, so a value with one would not come back the same.
                let parts = rest.split(separator: "/", omittingEmptySubsequences: false)
                guard !parts.contains(where: \.isEmpty) else {
                    throw URLBuildError(
                        pattern: pattern.description,
                        reason: "'\(rest)' is not a path of non-empty segments (such as a/b) for '**'")
                }
                url += parts.map { "/" + RouteEncoding.encode(String($0)) }.joined()
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

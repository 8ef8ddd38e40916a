/// The route trie, matched over a URL's UTF-8 bytes: each `scheme://host` has an arena of nodes
/// that refer to each other by index; literal children are found by a hash of their bytes, so a
/// lookup creates no strings. A value type: a copy of the router shares the arenas, and adding
/// routes copies only the arenas of the origins they belong to.
struct ByteTrie: Sendable {
    /// A node; the fields a match reads most come first, so that they share a cache line.
    struct Node: Sendable {
        /// The literal bytes that lead to this node (checked after a hash match).
        var key = LiteralKey()
        /// The route that ends here, or -1.
        var terminal: Int32 = -1
        var literals = LiteralTable()
        var parameter: Int32 = -1
        var wildcard: Int32 = -1
        /// The route whose `**` starts here, or -1.
        var catchAll: Int32 = -1
        /// Typed parameter children, sorted by type name (the documented order among typed kinds).
        var typed: [(type: ParameterType, child: Int)] = []
    }

    private var arenas: [[Node]] = []
    /// The arenas by the hash of their origin, which is their root's key.
    private var origins = LiteralTable()

    /// Adds `route` along `pattern`'s segments from the root of its origin; returns the route
    /// already there, if any, and then changes nothing (a route of the same shape has made every
    /// node on the way). `types` holds every type the segments name.
    mutating func insert(_ pattern: RoutePattern, route: Int, types: [String: ParameterType]) -> Int? {
        let arena = Self.withOrigin(of: pattern) { origin in
            if let existing = self.arena(of: origin) { return existing }
            arenas.append([Node(key: LiteralKey(origin))])
            origins.insert(arenas.count - 1, hash: fnv1a(origin))
            return arenas.count - 1
        }
        return Self.insert(pattern.segments, into: &arenas[arena], route: route, types: types)
    }

    /// The route inserted with `pattern`'s shape (its names aside), if any.
    func route(of pattern: RoutePattern) -> Int? {
        guard let arena = Self.withOrigin(of: pattern, { self.arena(of: $0) }) else { return nil }
        return arenas[arena].withUnsafeBufferPointer { nodes in
            var node = 0
            for segment in pattern.segments {
                let next: Int?
                switch segment {
                case .literal(let text):
                    next = Self.withBytes(of: text) { Self.find($0, in: nodes[node].literals, nodes: nodes) }
                case .parameter(_, nil):
                    next = nodes[node].parameter >= 0 ? Int(nodes[node].parameter) : nil
                case .parameter(_, let type?):
                    next = nodes[node].typed.first { $0.type.name == type }?.child
                case .wildcard:
                    next = nodes[node].wildcard >= 0 ? Int(nodes[node].wildcard) : nil
                case .catchAll:
                    return nodes[node].catchAll >= 0 ? Int(nodes[node].catchAll) : nil
                }
                guard let next else { return nil }
                node = next
            }
            return nodes[node].terminal >= 0 ? Int(nodes[node].terminal) : nil
        }
    }

    /// Calls `body` with `scheme://host` of `pattern` (already lowercase) as bytes.
    private static func withOrigin<Result>(
        of pattern: RoutePattern, _ body: (UnsafeBufferPointer<UInt8>) -> Result
    ) -> Result {
        let (scheme, host) = (pattern.scheme.utf8, pattern.host.utf8)
        return withUnsafeTemporaryAllocation(of: UInt8.self, capacity: scheme.count + 3 + host.count) { origin in
            var end = origin.initialize(fromContentsOf: scheme)
            end = origin[end...].initialize(fromContentsOf: "://".utf8)
            end = origin[end...].initialize(fromContentsOf: host)
            return body(UnsafeBufferPointer(origin))
        }
    }

    /// Calls `body` with the UTF-8 bytes of `text`, copied only if they are not contiguous.
    private static func withBytes<Result>(of text: String, _ body: (UnsafeBufferPointer<UInt8>) -> Result) -> Result {
        var text = text
        return text.withUTF8(body)
    }

    /// Walks `segments` from the root of `nodes`, making the nodes missing on the way, and ends
    /// `route` there; returns the route already ending there instead, if any.
    private static func insert(
        _ segments: [PatternSegment], into nodes: inout [Node], route: Int, types: [String: ParameterType]
    ) -> Int? {
        var node = 0
        for segment in segments {
            switch segment {
            case .literal(let text):
                node = withBytes(of: text) { bytes in
                    let existing = nodes.withUnsafeBufferPointer { nodes in
                        find(bytes, in: (nodes.baseAddress! + node).pointee.literals, nodes: nodes)
                    }
                    if let existing { return existing }
                    nodes.append(Node(key: LiteralKey(bytes)))
                    nodes[node].literals.insert(nodes.count - 1, hash: fnv1a(bytes))
                    return nodes.count - 1
                }
            case .parameter(_, nil):
                if nodes[node].parameter < 0 {
                    nodes.append(Node())
                    nodes[node].parameter = Int32(nodes.count - 1)
                }
                node = Int(nodes[node].parameter)
            case .parameter(_, let type?):
                guard let parameterType = types[type] else {
                    preconditionFailure("the route table checks a pattern's types before inserting it")
                }
                let position = nodes[node].typed.firstIndex { $0.type.name >= type } ?? nodes[node].typed.endIndex
                if position == nodes[node].typed.endIndex || nodes[node].typed[position].type.name != type {
                    nodes.append(Node())
                    nodes[node].typed.insert((parameterType, nodes.count - 1), at: position)
                }
                node = nodes[node].typed[position].child
            case .wildcard:
                if nodes[node].wildcard < 0 {
                    nodes.append(Node())
                    nodes[node].wildcard = Int32(nodes.count - 1)
                }
                node = Int(nodes[node].wildcard)
            case .catchAll:
                if nodes[node].catchAll >= 0 { return Int(nodes[node].catchAll) }
                nodes[node].catchAll = Int32(route)
                return nil
            }
        }
        if nodes[node].terminal >= 0 { return Int(nodes[node].terminal) }
        nodes[node].terminal = Int32(route)
        return nil
    }

    /// Matches `segments` of `bytes` from the root of `arena`; see
    /// ``match(_:_:from:at:in:captures:)``.
    func match(
        _ bytes: UnsafeBufferPointer<UInt8>,
        _ segments: UnsafeBufferPointer<Range<Int>>,
        in arena: Int,
        captures: inout SegmentCaptures
    ) -> Int? {
        arenas[arena].withUnsafeBufferPointer { nodes in
            Self.match(bytes, segments, from: 0, at: 0, in: nodes, captures: &captures)
        }
    }

    /// The route matching `segments[position...]` of `bytes`, trying a literal, typed parameters,
    /// an untyped parameter, `*`, then `**` at each segment and backtracking when a branch fails.
    /// Appends the position of each captured segment to `captures` (on success only).
    private static func match(
        _ bytes: UnsafeBufferPointer<UInt8>,
        _ segments: UnsafeBufferPointer<Range<Int>>,
        from position: Int,
        at node: Int,
        in nodes: UnsafeBufferPointer<Node>,
        captures: inout SegmentCaptures
    ) -> Int? {
        // Read through the buffer in place: copying a node out would retain its tables.
        let current = nodes.baseAddress! + node
        guard position < segments.count else {
            return current.pointee.terminal >= 0 ? Int(current.pointee.terminal) : nil
        }
        let segment = UnsafeBufferPointer(rebasing: bytes[segments[position]])
        if !current.pointee.literals.isEmpty, let child = find(segment, in: current.pointee.literals, nodes: nodes),
            let found = match(
                bytes, segments, from: position + 1, at: child, in: nodes, captures: &captures)
        {
            return found
        }
        for (type, child) in current.pointee.typed where type.accepts(bytes: segment) {
            captures.push(position)
            if let found = match(
                bytes, segments, from: position + 1, at: child, in: nodes, captures: &captures)
            {
                return found
            }
            captures.pop()
        }
        if current.pointee.parameter >= 0 {
            captures.push(position)
            if let found = match(
                bytes, segments, from: position + 1, at: Int(current.pointee.parameter), in: nodes, captures: &captures
            ) {
                return found
            }
            captures.pop()
        }
        if current.pointee.wildcard >= 0,
            let found = match(
                bytes, segments, from: position + 1, at: Int(current.pointee.wildcard), in: nodes, captures: &captures)
        {
            return found
        }
        if current.pointee.catchAll >= 0 {
            captures.push(position)
            return Int(current.pointee.catchAll)
        }
        return nil
    }

    private static func find(
        _ key: UnsafeBufferPointer<UInt8>, in table: LiteralTable, nodes: UnsafeBufferPointer<Node>
    ) -> Int? {
        table.first(hash: fnv1a(key)) { (nodes.baseAddress! + $0).pointee.key.matches(key) }
    }

    /// The arena of `origin` (`scheme://host`, already lowercase), if any route has it.
    func arena(of origin: UnsafeBufferPointer<UInt8>) -> Int? {
        origins.first(hash: fnv1a(origin)) { arenas[$0][0].key.matches(origin) }
    }
}

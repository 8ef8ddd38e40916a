/// The route trie, matched over a URL's UTF-8 bytes: nodes live in one array and refer to each
/// other by index; literal children are found by a hash of their bytes, so a lookup creates no
/// strings. A value type: a copy of the router shares the array until one side changes it.
struct ByteTrie: Sendable {
    struct Node: Sendable {
        /// The literal bytes that lead to this node (checked after a hash match).
        var key: [UInt8] = []
        var literals: [UInt64: [Int]] = [:]
        /// Typed parameter children, sorted by type name (the documented order among typed kinds).
        var typed: [(type: String, child: Int)] = []
        var parameter = -1
        var wildcard = -1
        /// The route that ends here, or -1.
        var terminal = -1
        /// The route whose `**` starts here, or -1.
        var catchAll = -1
    }

    private var nodes: [Node] = []
    private var origins: [UInt64: [Int]] = [:]

    /// The root node of `origin` (`scheme://host`, lowercase), created if needed.
    mutating func root(for origin: String) -> Int {
        let bytes = Array(origin.utf8)
        if let existing = find(bytes.withUnsafeBufferPointer { $0 }, in: origins) { return existing }
        nodes.append(Node(key: bytes))
        origins[Self.hash(bytes.withUnsafeBufferPointer { $0 }), default: []].append(nodes.count - 1)
        return nodes.count - 1
    }

    /// Adds `route` along `segments` from `node`; returns the route already there, if any.
    mutating func insert(_ segments: ArraySlice<PatternSegment>, at node: Int, route: Int) -> Int? {
        guard let segment = segments.first else {
            if nodes[node].terminal >= 0 { return nodes[node].terminal }
            nodes[node].terminal = route
            return nil
        }
        let rest = segments.dropFirst()
        switch segment {
        case .literal(let text):
            let bytes = Array(text.utf8)
            let child: Int
            if let existing = bytes.withUnsafeBufferPointer({ find($0, in: nodes[node].literals) }) {
                child = existing
            } else {
                nodes.append(Node(key: bytes))
                child = nodes.count - 1
                nodes[node].literals[bytes.withUnsafeBufferPointer { Self.hash($0) }, default: []].append(child)
            }
            return insert(rest, at: child, route: route)
        case .parameter(_, nil):
            if nodes[node].parameter < 0 {
                nodes.append(Node())
                nodes[node].parameter = nodes.count - 1
            }
            return insert(rest, at: nodes[node].parameter, route: route)
        case .parameter(_, let type?):
            let typed = nodes[node].typed
            var position = typed.firstIndex { $0.type >= type } ?? typed.endIndex
            if position == typed.endIndex || typed[position].type != type {
                nodes.append(Node())
                nodes[node].typed.insert((type, nodes.count - 1), at: position)
                position = nodes[node].typed.firstIndex { $0.type == type }!
            }
            return insert(rest, at: nodes[node].typed[position].child, route: route)
        case .wildcard:
            if nodes[node].wildcard < 0 {
                nodes.append(Node())
                nodes[node].wildcard = nodes.count - 1
            }
            return insert(rest, at: nodes[node].wildcard, route: route)
        case .catchAll:
            if nodes[node].catchAll >= 0 { return nodes[node].catchAll }
            nodes[node].catchAll = route
            return nil
        }
    }

    /// The root node of `origin` (already lowercase), if any route has it.
    func root(matching origin: UnsafeBufferPointer<UInt8>) -> Int? {
        find(origin, in: origins)
    }

    /// The route matching `segments[position...]` of `bytes`, trying a literal, typed parameters,
    /// an untyped parameter, `*`, then `**` at each segment and backtracking when a branch fails.
    /// Appends the position of each captured segment to `captures` (on success only).
    func match(
        _ bytes: UnsafeBufferPointer<UInt8>,
        _ segments: UnsafeBufferPointer<Range<Int>>,
        from position: Int,
        at node: Int,
        types: [String: ParameterType],
        captures: inout [Int]
    ) -> Int? {
        let current = nodes[node]
        guard position < segments.count else { return current.terminal >= 0 ? current.terminal : nil }
        let segment = UnsafeBufferPointer(rebasing: bytes[segments[position]])
        if !current.literals.isEmpty, let child = find(segment, in: current.literals),
            let found = match(bytes, segments, from: position + 1, at: child, types: types, captures: &captures)
        {
            return found
        }
        for (type, child) in current.typed where types[type]?.accepts(bytes: segment) == true {
            captures.append(position)
            if let found = match(bytes, segments, from: position + 1, at: child, types: types, captures: &captures) {
                return found
            }
            captures.removeLast()
        }
        if current.parameter >= 0 {
            captures.append(position)
            if let found = match(
                bytes, segments, from: position + 1, at: current.parameter, types: types, captures: &captures)
            {
                return found
            }
            captures.removeLast()
        }
        if current.wildcard >= 0,
            let found = match(
                bytes, segments, from: position + 1, at: current.wildcard, types: types, captures: &captures)
        {
            return found
        }
        if current.catchAll >= 0 {
            captures.append(position)
            return current.catchAll
        }
        return nil
    }

    private func find(_ key: UnsafeBufferPointer<UInt8>, in table: [UInt64: [Int]]) -> Int? {
        guard let candidates = table[Self.hash(key)] else { return nil }
        return candidates.first { nodes[$0].key.withUnsafeBufferPointer { $0.elementsEqual(key) } }
    }

    /// FNV-1a over the bytes.
    @inline(__always)
    static func hash(_ bytes: UnsafeBufferPointer<UInt8>) -> UInt64 {
        var hash: UInt64 = 0xCBF2_9CE4_8422_2325
        for byte in bytes {
            hash = (hash ^ UInt64(byte)) &* 0x0000_0100_0000_01B3
        }
        return hash
    }
}

/// One node of the route trie: the routes whose patterns share a path prefix.
///
/// A value type: copying a router is O(1), and adding routes to a copy copies only the nodes on
/// the paths it changes, so a new snapshot can be published per registration.
struct TrieNode: Sendable {
    var literals: [Substring: TrieNode] = [:]
    /// Typed parameter children, sorted by type name (the documented order among typed kinds).
    var typed: [(type: String, node: TrieNode)] = []
    /// The untyped `:name` child, if any (an array of at most one, since a struct cannot hold itself).
    var parameter: [TrieNode] = []
    /// The `*` child, if any (at most one).
    var wildcard: [TrieNode] = []
    /// The route that ends here.
    var terminal: Int?
    /// The route whose `**` starts here.
    var catchAll: Int?

    /// Adds `route` along `segments`; returns the route already there, if any (nothing changes then).
    mutating func insert(_ segments: ArraySlice<PatternSegment>, route: Int) -> Int? {
        guard let segment = segments.first else {
            if let existing = terminal { return existing }
            terminal = route
            return nil
        }
        let rest = segments.dropFirst()
        switch segment {
        case .literal(let text):
            return literals[Substring(text), default: TrieNode()].insert(rest, route: route)
        case .parameter(_, nil):
            if parameter.isEmpty { parameter.append(TrieNode()) }
            return parameter[0].insert(rest, route: route)
        case .parameter(_, let type?):
            let position = typed.firstIndex { $0.type >= type } ?? typed.endIndex
            if position == typed.endIndex || typed[position].type != type {
                typed.insert((type, TrieNode()), at: position)
            }
            return typed[position].node.insert(rest, route: route)
        case .wildcard:
            if wildcard.isEmpty { wildcard.append(TrieNode()) }
            return wildcard[0].insert(rest, route: route)
        case .catchAll:
            if let existing = catchAll { return existing }
            catchAll = route
            return nil
        }
    }

    /// The route matching `segments[position...]`, trying static, typed, untyped, `*`, then `**`
    /// at each segment and backtracking when a branch fails deeper down. Appends the index of
    /// each captured segment to `captures` (on success only).
    func match<Segments: RandomAccessCollection<Substring>>(
        _ segments: Segments,
        from position: Segments.Index,
        types: [String: ParameterType],
        captures: inout [Segments.Index]
    ) -> Int? {
        guard position != segments.endIndex else { return terminal }
        let segment = segments[position]
        let next = segments.index(after: position)
        if let child = literals[segment],
            let found = child.match(segments, from: next, types: types, captures: &captures)
        {
            return found
        }
        for (type, child) in typed where types[type]?.accepts(segment) == true {
            captures.append(position)
            if let found = child.match(segments, from: next, types: types, captures: &captures) { return found }
            captures.removeLast()
        }
        if let child = parameter.first {
            captures.append(position)
            if let found = child.match(segments, from: next, types: types, captures: &captures) { return found }
            captures.removeLast()
        }
        if let child = wildcard.first, let found = child.match(segments, from: next, types: types, captures: &captures)
        {
            return found
        }
        if let catchAll {
            captures.append(position)
            return catchAll
        }
        return nil
    }
}

/// Edges of a graph stored as one flat array (compressed sparse rows): node `i`'s neighbours are
/// `targets[starts[i]..<starts[i + 1]]`. Two allocations for any number of nodes.
struct Adjacency: Sendable {
    private let starts: [Int]
    private let targets: [Int]

    /// Builds the rows of `nodeCount` nodes from `edges` given as (node, neighbour) pairs;
    /// each row keeps the order its edges were given in.
    init(nodeCount: Int, edges: [(node: Int, neighbour: Int)]) {
        var starts = [Int](repeating: 0, count: nodeCount + 1)
        for edge in edges { starts[edge.node + 1] += 1 }
        for node in 0..<nodeCount { starts[node + 1] += starts[node] }
        var next = starts
        var targets = [Int](repeating: 0, count: edges.count)
        for edge in edges {
            targets[next[edge.node]] = edge.neighbour
            next[edge.node] += 1
        }
        self.starts = starts
        self.targets = targets
    }

    /// The neighbours of `node`.
    subscript(node: Int) -> ArraySlice<Int> {
        targets[starts[node]..<starts[node + 1]]
    }

    /// How many neighbours each node has.
    var degrees: [Int] {
        (0..<(starts.count - 1)).map { starts[$0 + 1] - starts[$0] }
    }
}

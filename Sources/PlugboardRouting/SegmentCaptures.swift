/// The positions of the path segments a match captured, as a stack over caller-owned memory: the
/// trie pushes a position when it enters a parameter branch and pops it when it backtracks.
struct SegmentCaptures {
    private let storage: UnsafeMutablePointer<Int>
    /// How many positions are held.
    private(set) var count = 0

    /// A stack over `storage`, which has room for one position per path segment (a match
    /// captures each segment at most once).
    init(storage: UnsafeMutablePointer<Int>) {
        self.storage = storage
    }

    mutating func push(_ position: Int) {
        storage[count] = position
        count += 1
    }

    mutating func pop() {
        count -= 1
    }

    /// The held positions, oldest first.
    var positions: UnsafeBufferPointer<Int> {
        UnsafeBufferPointer(start: storage, count: count)
    }
}

/// The non-empty segments of a path's bytes, as ranges of offsets, without making strings.
struct PathSegments: Sequence, IteratorProtocol {
    private let path: UnsafeBufferPointer<UInt8>
    private let separator: UInt8
    private var start = 0

    /// The segments of `path` between runs of `separator`.
    init(_ path: UnsafeBufferPointer<UInt8>, separator: UInt8) {
        self.path = path
        self.separator = separator
    }

    mutating func next() -> Range<Int>? {
        while start < path.count, path[start] == separator { start += 1 }
        guard start < path.count else { return nil }
        var end = start
        while end < path.count, path[end] != separator { end += 1 }
        defer { start = end }
        return start..<end
    }
}

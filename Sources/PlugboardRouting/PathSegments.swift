/// Splits a URL path into its non-empty segments byte by byte, without grapheme processing.
enum PathSegments {
    /// Calls `body` with each non-empty segment of `path`, in order.
    @inline(__always)
    static func forEach(_ path: Substring, _ body: (Substring) -> Void) {
        let utf8 = path.utf8
        var start = utf8.startIndex
        var index = start
        while index != utf8.endIndex {
            if utf8[index] == UInt8(ascii: "/") {
                if start != index { body(Substring(utf8[start..<index])) }
                start = utf8.index(after: index)
            }
            index = utf8.index(after: index)
        }
        if start != utf8.endIndex { body(Substring(utf8[start...])) }
    }
}

/// The bytes of a trie node's literal, kept inside the node: the first 16 inline and any more in
/// an array, so that checking a segment against a short literal reads no other memory.
struct LiteralKey: Sendable {
    private var head: (UInt64, UInt64) = (0, 0)
    private var tail: [UInt8] = []
    private var count: Int32 = 0

    /// The empty key, a node's that no literal leads to.
    init() {}

    /// The key of `bytes`.
    init(_ bytes: UnsafeBufferPointer<UInt8>) {
        count = Int32(bytes.count)
        head = Self.head(bytes)
        tail = bytes.count > 16 ? Array(bytes.dropFirst(16)) : []
    }

    /// Whether `bytes` are the key's bytes.
    @inline(__always)
    func matches(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        guard bytes.count == count, Self.head(bytes) == head else { return false }
        return count <= 16 || tail.withUnsafeBufferPointer { $0.elementsEqual(bytes.dropFirst(16)) }
    }

    /// The first 16 bytes of `bytes` as two words, zero-padded.
    @inline(__always)
    private static func head(_ bytes: UnsafeBufferPointer<UInt8>) -> (UInt64, UInt64) {
        var words: (UInt64, UInt64) = (0, 0)
        if let base = bytes.baseAddress {
            withUnsafeMutableBytes(of: &words) {
                $0.baseAddress!.copyMemory(from: base, byteCount: min(bytes.count, 16))
            }
        }
        return words
    }
}

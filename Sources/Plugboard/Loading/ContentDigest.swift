internal import Glibc

/// A digest of a file's bytes, to tell whether a file is still the one its declarations were read
/// from: 64-bit FNV-1a over the file's 8-byte little-endian words (and its last bytes one by one),
/// `fnv1a64:` and 16 hexadecimal digits. It detects a file rebuilt or rewritten in place, which
/// keeps its path and may keep its size and times; it is no defence against someone who may write
/// the file (the loader's permission checks are).
enum ContentDigest {
    /// The digest of the file open as `descriptor`, read from its start, or `nil` when it cannot
    /// be read.
    static func of(descriptor: Int32) -> String? {
        var digest = Running()
        var buffer = [UInt8](repeating: 0, count: 1 << 16)
        var offset: off_t = 0
        while true {
            let count = buffer.withUnsafeMutableBytes { pread(descriptor, $0.baseAddress, $0.count, offset) }
            guard count >= 0 else { return nil }
            if count == 0 { break }
            buffer.withUnsafeBytes { digest.add(UnsafeRawBufferPointer(rebasing: $0[..<count])) }
            offset += off_t(count)
        }
        return digest.text
    }

    /// A digest being computed: 64-bit FNV-1a over 8-byte little-endian words, and the last bytes
    /// of each piece added one by one.
    struct Running {
        private var hash: UInt64 = 0xCBF2_9CE4_8422_2325
        private let prime: UInt64 = 0x0100_0000_01B3

        /// Adds `bytes` to the digest.
        mutating func add(_ bytes: UnsafeRawBufferPointer) {
            let words = bytes.count / 8
            for index in 0..<words {
                hash =
                    (hash ^ UInt64(littleEndian: bytes.loadUnaligned(fromByteOffset: index * 8, as: UInt64.self)))
                    &* prime
            }
            for index in words * 8..<bytes.count { hash = (hash ^ UInt64(bytes[index])) &* prime }
        }

        /// `fnv1a64:` and the digest's 16 hexadecimal digits.
        var text: String {
            let digits = String(hash, radix: 16)
            return "fnv1a64:" + String(repeating: "0", count: 16 - digits.count) + digits
        }
    }
}

extension PluginLoader {
    /// The digest of the content of the file at `path` (64-bit FNV-1a), or `nil` when it cannot be
    /// read: what a host that reads a plugin's declarations apart from loading it keeps with them
    /// (``PluginCandidate/contentDigest``), so that a file rebuilt or rewritten since is refused
    /// when it is loaded.
    ///
    /// ```swift
    /// let digest = PluginLoader.contentDigest(ofFileAt: "plugins/libCircles.so")  // "fnv1a64:…"
    /// ```
    public static func contentDigest(ofFileAt path: String) -> String? {
        let descriptor = Glibc.open(path, O_RDONLY | O_CLOEXEC | O_NONBLOCK)
        guard descriptor >= 0 else { return nil }
        defer { close(descriptor) }
        return ContentDigest.of(descriptor: descriptor)
    }
}

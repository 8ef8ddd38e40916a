extension StringProtocol {
    /// Whether the text holds whitespace (`Character.isWhitespace`), decided on its UTF-8 bytes
    /// when they are contiguous and ASCII, and by characters otherwise.
    @inlinable package var containsWhitespace: Bool {
        if let ascii = utf8.withContiguousStorageIfAvailable(\.asciiWhitespace), let found = ascii { return found }
        return contains { $0.isWhitespace }
    }
}

extension UnsafeBufferPointer<UInt8> {
    /// Whether UTF-8 `bytes` hold whitespace (`Character.isWhitespace`).
    @inlinable package var containsWhitespace: Bool {
        asciiWhitespace ?? String(decoding: self, as: UTF8.self).containsWhitespace
    }

    /// Whether these bytes hold ASCII whitespace, or `nil` when they are not all ASCII.
    @inlinable package var asciiWhitespace: Bool? {
        var found = false
        for byte in self {
            if byte >= 0x80 { return nil }
            // ASCII whitespace: space, tab, line feed, vertical tab, form feed, carriage return.
            found = found || byte == 0x20 || (byte >= 0x09 && byte <= 0x0D)
        }
        return found
    }
}

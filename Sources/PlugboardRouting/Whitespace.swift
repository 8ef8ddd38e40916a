extension StringProtocol {
    /// Whether the text holds whitespace (`Character.isWhitespace`), decided on its UTF-8 bytes
    /// when they are contiguous and ASCII, and by characters otherwise.
    @inlinable package var containsWhitespace: Bool {
        let ascii = utf8.withContiguousStorageIfAvailable { bytes -> Bool? in
            var found = false
            for byte in bytes {
                if byte >= 0x80 { return nil }
                // ASCII whitespace: space, tab, line feed, vertical tab, form feed, carriage return.
                found = found || byte == 0x20 || (byte >= 0x09 && byte <= 0x0D)
            }
            return found
        }
        if let ascii, let found = ascii { return found }
        return contains { $0.isWhitespace }
    }
}

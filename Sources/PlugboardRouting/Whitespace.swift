extension StringProtocol {
    /// Whether the text holds whitespace (`Character.isWhitespace`), decided on UTF-8 bytes when
    /// the text is ASCII and by characters only otherwise.
    @inlinable package var containsWhitespace: Bool {
        // ASCII whitespace: space, tab, line feed, vertical tab, form feed, carriage return.
        func isWhitespace(_ byte: UInt8) -> Bool { byte == 0x20 || (byte >= 0x09 && byte <= 0x0D) }
        let ascii = utf8.withContiguousStorageIfAvailable { bytes -> Bool? in
            var found = false
            for byte in bytes {
                if byte >= 0x80 { return nil }
                found = found || isWhitespace(byte)
            }
            return found
        }
        if let ascii, let found = ascii { return found }
        if utf8.allSatisfy({ $0 < 0x80 }) { return utf8.contains(where: isWhitespace) }
        return contains { $0.isWhitespace }
    }
}

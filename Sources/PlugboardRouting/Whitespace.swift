extension StringProtocol {
    /// Whether the text holds whitespace (`Character.isWhitespace`), decided on UTF-8 bytes when
    /// the text is ASCII and by characters only otherwise.
    @inlinable package var containsWhitespace: Bool {
        if utf8.allSatisfy({ $0 < 0x80 }) {
            // ASCII whitespace: space, tab, line feed, vertical tab, form feed, carriage return.
            return utf8.contains { $0 == 0x20 || (0x09...0x0D).contains($0) }
        }
        return contains { $0.isWhitespace }
    }
}

/// The scheme rule that patterns and URLs share: a letter, then letters, digits, `+`, `-` or `.`.
enum SchemeSyntax {
    /// Whether `bytes` (UTF-8) form a valid scheme.
    static func isValid<Bytes: Collection<UInt8>>(_ bytes: Bytes) -> Bool {
        guard let first = bytes.first, ASCII.isLetter(first) else { return false }
        return bytes.allSatisfy {
            ASCII.isLetter($0) || ASCII.isDigit($0) || $0 == UInt8(ascii: "+") || $0 == UInt8(ascii: "-")
                || $0 == UInt8(ascii: ".")
        }
    }
}

/// Text made safe to show on a terminal.
///
/// Screens, URLs, file names and error messages come from plugins and from whoever typed them; a
/// control character among them could move the cursor, clear the screen or retitle the terminal.
/// Every control character but newline and tab is shown instead: a C0 control or DEL as its
/// Unicode control picture (ESC as `␛`, NUL as `␀`), a C1 control as its escape (`\u{9B}`).
enum TerminalSafeText {
    /// `text` with its control characters shown rather than sent.
    static func make(_ text: String) -> String {
        guard text.utf8.contains(where: mayStartControl) else { return text }
        var result = String.UnicodeScalarView()
        for scalar in text.unicodeScalars {
            result.append(contentsOf: shown(scalar).unicodeScalars)
        }
        return String(result)
    }

    /// Whether `byte` is a control character's UTF-8 encoding, or may begin one (0xC2 begins the
    /// C1 controls, and other characters too).
    private static func mayStartControl(_ byte: UInt8) -> Bool {
        (byte < 0x20 && byte != 0x0A && byte != 0x09) || byte == 0x7F || byte == 0xC2
    }

    private static func shown(_ scalar: Unicode.Scalar) -> String {
        switch scalar.value {
        case 0x0A, 0x09: String(scalar)
        case 0x00..<0x20: String(Unicode.Scalar(0x2400 + scalar.value)!)
        case 0x7F: "\u{2421}"
        case 0x80..<0xA0: "\\u{\(String(scalar.value, radix: 16, uppercase: true))}"
        default: String(scalar)
        }
    }
}

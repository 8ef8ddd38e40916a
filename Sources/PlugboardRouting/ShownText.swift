extension String {
    /// The text as error messages show a URL, pattern or name that came from outside: whole up to
    /// 200 characters, cut there with `…` and its length beyond, so that it (a URL may be 100 KB)
    /// cannot flood a terminal; and with control characters written as escapes, as
    /// ``escapingControlCharacters`` writes them.
    package var shown: String {
        let limit = 200
        let shown = utf8.count > limit && count > limit ? "\(prefix(limit))… (\(utf8.count) bytes)" : self
        return shown.escapingControlCharacters
    }

    /// The text with each control character, newline and tab too, written as an escape (`\u{1B}`,
    /// `\u{A}`), so that it stays on one line of a message and cannot send a terminal escape
    /// sequences.
    package var escapingControlCharacters: String {
        guard containsControlCharacter else { return self }
        var escaped = String.UnicodeScalarView()
        for scalar in unicodeScalars {
            if scalar.isControl {
                escaped.append(contentsOf: "\\u{\(String(scalar.value, radix: 16, uppercase: true))}".unicodeScalars)
            } else {
                escaped.append(scalar)
            }
        }
        return String(escaped)
    }
}

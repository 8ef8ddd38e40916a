/// A key the ``LineEditor`` acts on, decoded from the bytes a terminal sends for it.
enum EditorKey: Equatable {
    /// Printable text: one character, or more when pasted.
    case text(String)
    /// Enter.
    case enter
    /// Tab.
    case tab
    /// Backspace: erase the character before the cursor.
    case backspace
    /// Delete: erase the character under the cursor.
    case delete
    /// Ctrl-D: the end of the input on an empty line, otherwise Delete.
    case endOfInput
    /// ← or Ctrl-B.
    case left
    /// → or Ctrl-F.
    case right
    /// Home or Ctrl-A.
    case home
    /// End or Ctrl-E.
    case end
    /// ↑ or Ctrl-P: the line typed before.
    case up
    /// ↓ or Ctrl-N: the line typed after.
    case down
    /// Ctrl-U: cut from the line's start to the cursor.
    case cutToStart
    /// Ctrl-K: cut from the cursor to the line's end.
    case cutToEnd
    /// Ctrl-W: cut the word before the cursor.
    case cutWord
    /// Ctrl-← or Alt-B: to the start of the word before the cursor.
    case wordLeft
    /// Ctrl-→ or Alt-F: to the end of the word after the cursor.
    case wordRight
    /// Ctrl-L: clear the screen.
    case clearScreen
    /// Ctrl-R: search the lines typed before.
    case search
    /// Ctrl-G: leave a search, with the line as it was.
    case cancel
    /// Esc alone: in a search, take the line found to edit it.
    case escape
    /// Ctrl-C: give up the line being typed (and a search), as shells do.
    case interrupt
    /// A key the editor does not act on.
    case ignored

    /// Decodes one key from `next`, which gives the next byte typed, or `nil` at the end of the
    /// input; returns `nil` at the end of the input. `soon` gives the next byte only if it comes
    /// at once, as the rest of a key's sequence does: an Esc pressed alone is then ``escape``
    /// rather than taken with the key after it.
    static func read(from next: () -> UInt8?, soon: () -> UInt8?) -> EditorKey? {
        guard let byte = next() else { return nil }
        switch byte {
        case 0x0D, 0x0A: return .enter
        case 0x09: return .tab
        case 0x7F, 0x08: return .backspace
        case 0x04: return .endOfInput
        case 0x02: return .left
        case 0x06: return .right
        case 0x01: return .home
        case 0x05: return .end
        case 0x10: return .up
        case 0x0E: return .down
        case 0x15: return .cutToStart
        case 0x0B: return .cutToEnd
        case 0x17: return .cutWord
        case 0x0C: return .clearScreen
        case 0x12: return .search
        case 0x07: return .cancel
        case 0x03: return .interrupt
        case 0x1B: return escapeSequence(from: next, soon: soon)
        case 0x00..<0x20: return .ignored
        default: return text(startingWith: byte, from: next)
        }
    }

    /// The key whose sequence follows an ESC: `ESC [` or `ESC O`, parameters, a final byte; or
    /// `ESC` and a letter, which terminals send for Alt and the letter; or Esc alone.
    private static func escapeSequence(from next: () -> UInt8?, soon: () -> UInt8?) -> EditorKey? {
        guard let introducer = soon() else { return .escape }
        switch Unicode.Scalar(introducer) {
        case "b": return .wordLeft
        case "f": return .wordRight
        case "[", "O": break
        default: return .ignored
        }
        var parameters = ""
        while let byte = next() {
            guard (0x40...0x7E).contains(byte) else {
                parameters.append(Character(Unicode.Scalar(byte)))
                continue
            }
            switch (parameters, Unicode.Scalar(byte)) {
            case ("", "A"): return .up
            case ("", "B"): return .down
            case ("", "C"): return .right
            case ("", "D"): return .left
            case ("", "H"), ("1", "~"), ("7", "~"): return .home
            case ("", "F"), ("4", "~"), ("8", "~"): return .end
            case ("3", "~"): return .delete
            case ("1;5", "D"), ("1;3", "D"): return .wordLeft
            case ("1;5", "C"), ("1;3", "C"): return .wordRight
            default: return .ignored
            }
        }
        return nil
    }

    /// The character whose UTF-8 encoding starts with `lead`; `.ignored` for bytes that are not
    /// UTF-8 or a character that is not printable.
    private static func text(startingWith lead: UInt8, from next: () -> UInt8?) -> EditorKey? {
        let length =
            switch lead {
            case 0x20..<0x80: 1
            case 0xC0..<0xE0: 2
            case 0xE0..<0xF0: 3
            case 0xF0..<0xF8: 4
            default: 0
            }
        guard length > 0 else { return .ignored }
        var bytes = [lead]
        while bytes.count < length {
            guard let byte = next() else { return nil }
            bytes.append(byte)
        }
        guard let text = String(validating: bytes, as: UTF8.self), text.isPrintable else { return .ignored }
        return .text(text)
    }
}

extension String {
    /// Whether the text holds no control character, so that the editor can show it as it is.
    var isPrintable: Bool {
        unicodeScalars.allSatisfy { $0.properties.generalCategory != .control }
    }
}

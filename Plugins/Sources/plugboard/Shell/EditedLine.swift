/// The line the ``LineEditor`` is editing: its characters and the cursor's place among them.
struct EditedLine {
    private(set) var characters: [Character] = []
    /// The number of characters before the cursor.
    private(set) var cursor = 0

    var text: String { String(characters) }

    /// The text before the cursor.
    var textBeforeCursor: String { String(characters[..<cursor]) }

    /// Replaces the whole line with `text`, the cursor at its end.
    mutating func show(_ text: String) {
        characters = Array(text)
        cursor = characters.count
    }

    /// Replaces the characters from `start` to the cursor with `text`, the cursor after it.
    mutating func replace(from start: Int, with text: String) {
        characters.replaceSubrange(start..<cursor, with: text)
        cursor = start + text.count
    }

    /// Applies a key that edits the line or moves the cursor; other keys change nothing.
    mutating func apply(_ key: EditorKey) {
        switch key {
        case .text(let text): replace(from: cursor, with: text)
        case .backspace where cursor > 0:
            characters.remove(at: cursor - 1)
            cursor -= 1
        case .delete where cursor < characters.count, .endOfInput where cursor < characters.count:
            characters.remove(at: cursor)
        case .left: cursor = max(cursor - 1, 0)
        case .right: cursor = min(cursor + 1, characters.count)
        case .home: cursor = 0
        case .end: cursor = characters.count
        case .cutToStart: replace(from: 0, with: "")
        case .cutToEnd: characters.removeSubrange(cursor...)
        case .cutWord: replace(from: startOfWord, with: "")
        case .wordLeft: cursor = startOfWord
        case .wordRight:
            let blanks = characters[cursor...].prefix { $0.isWhitespace }.count
            cursor += blanks + characters[(cursor + blanks)...].prefix { !$0.isWhitespace }.count
        default: break
        }
    }

    /// Where the word before the cursor starts, past the blanks just before the cursor.
    private var startOfWord: Int {
        let blanks = characters[..<cursor].reversed().prefix { $0.isWhitespace }.count
        return cursor - blanks - characters[..<(cursor - blanks)].reversed().prefix { !$0.isWhitespace }.count
    }
}

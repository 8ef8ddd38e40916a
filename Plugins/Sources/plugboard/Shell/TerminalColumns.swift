extension Character {
    /// How many columns a terminal gives the character: two for the wide characters of East Asian
    /// scripts and for emoji shown as pictures, otherwise one.
    var terminalColumns: Int {
        guard let first = unicodeScalars.first else { return 0 }
        if first.properties.isEmojiPresentation || unicodeScalars.contains("\u{FE0F}") { return 2 }
        return Self.wideRanges.contains { $0.contains(first.value) } ? 2 : 1
    }

    /// The East Asian Wide and Fullwidth blocks of Unicode.
    private static let wideRanges: [ClosedRange<UInt32>] = [
        0x1100...0x115F, 0x2E80...0x303E, 0x3041...0x33FF, 0x3400...0x4DBF, 0x4E00...0x9FFF, 0xA000...0xA4CF,
        0xAC00...0xD7A3, 0xF900...0xFAFF, 0xFE30...0xFE4F, 0xFF00...0xFF60, 0xFFE0...0xFFE6, 0x20000...0x2FFFD,
        0x30000...0x3FFFD,
    ]
}

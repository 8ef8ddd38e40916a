extension Unicode.Scalar {
    /// Whether the scalar is a control character (C0, DEL or C1), which a terminal may act on:
    /// general category `Cc`, which Unicode's stability policy fixes as U+0000–U+001F and
    /// U+007F–U+009F.
    package var isControl: Bool { value < 0x20 || (0x7F...0x9F).contains(value) }
}

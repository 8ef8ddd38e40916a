extension Unicode.Scalar {
    /// Whether the scalar is a control character (C0, DEL or C1), which a terminal may act on:
    /// general category `Cc`, which Unicode's stability policy fixes as U+0000–U+001F and
    /// U+007F–U+009F.
    @inlinable package var isControl: Bool { value < 0x20 || (0x7F...0x9F).contains(value) }
}

extension StringProtocol {
    /// Whether the text holds a control character (`Unicode.Scalar.isControl`), decided on its
    /// UTF-8 bytes when they are contiguous. Names, versions and patterns never do: they are
    /// printed, and a terminal would act on them.
    @inlinable package var containsControlCharacter: Bool {
        utf8.withContiguousStorageIfAvailable(\.containsControlCharacter)
            ?? unicodeScalars.contains(where: \.isControl)
    }
}

extension UnsafeBufferPointer<UInt8> {
    /// Whether UTF-8 `bytes` hold a control character: C0 and DEL are single bytes below 0x80, and
    /// C1 (U+0080–U+009F) is 0xC2 followed by 0x80–0x9F.
    @inlinable package var containsControlCharacter: Bool {
        for index in indices {
            let byte = self[index]
            if byte < 0x20 || byte == 0x7F { return true }
            if byte == 0xC2, index + 1 < endIndex, (0x80...0x9F).contains(self[index + 1]) { return true }
        }
        return false
    }
}

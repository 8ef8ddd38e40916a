/// The ASCII byte classes the router's grammar uses, decided on UTF-8 bytes.
enum ASCII {
    /// `A`–`Z` or `a`–`z`.
    static func isLetter(_ byte: UInt8) -> Bool {
        (byte | 0x20) &- UInt8(ascii: "a") < 26
    }

    /// `0`–`9`.
    static func isDigit(_ byte: UInt8) -> Bool {
        byte &- UInt8(ascii: "0") < 10
    }

    /// `A`–`Z`.
    static func isUppercase(_ byte: UInt8) -> Bool {
        byte &- UInt8(ascii: "A") < 26
    }
}

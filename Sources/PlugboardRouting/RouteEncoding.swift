/// Percent-encoding and decoding of URL components as the router applies them.
///
/// ```swift
/// RouteEncoding.encode("app://circles/42")  // app%3A%2F%2Fcircles%2F42
/// RouteEncoding.decode("hi%20there")        // "hi there"
/// ```
public enum RouteEncoding {
    /// `text` decoded, or `nil` when an escape is malformed or the bytes are not UTF-8.
    /// Text without `%` is returned as is, without decoding work.
    ///
    /// ```swift
    /// RouteEncoding.decode("caf%C3%A9")  // "café"
    /// RouteEncoding.decode("50%")        // nil: a malformed escape
    /// ```
    public static func decode(_ text: Substring) -> String? {
        var text = text
        return text.withUTF8 { decode($0) }
    }

    /// The UTF-8 `bytes` decoded into a string, or `nil` as for ``decode(_:)``.
    static func decode(_ bytes: UnsafeBufferPointer<UInt8>) -> String? {
        guard bytes.contains(UInt8(ascii: "%")) else { return String(decoding: bytes, as: UTF8.self) }
        return withUnsafeTemporaryAllocation(of: UInt8.self, capacity: bytes.count) { decoded in
            decode(bytes, into: decoded.baseAddress!).map {
                String(decoding: UnsafeBufferPointer(rebasing: decoded[..<$0]), as: UTF8.self)
            }
        }
    }

    /// Decodes `bytes` into `output`, which has room for `bytes.count` bytes, and returns how many
    /// it wrote; `nil` when an escape is malformed or the decoded bytes are not UTF-8.
    static func decode(_ bytes: UnsafeBufferPointer<UInt8>, into output: UnsafeMutablePointer<UInt8>) -> Int? {
        var written = 0
        var read = 0
        var ascii = true
        while read < bytes.count {
            var byte = bytes[read]
            if byte == UInt8(ascii: "%") {
                guard read + 2 < bytes.count, let high = hexValue(bytes[read + 1]), let low = hexValue(bytes[read + 2])
                else { return nil }
                byte = high << 4 | low
                read += 2
            }
            ascii = ascii && byte < 0x80
            output[written] = byte
            written += 1
            read += 1
        }
        guard ascii || String(validating: UnsafeBufferPointer(start: output, count: written), as: UTF8.self) != nil
        else { return nil }
        return written
    }

    /// `text` with every byte outside RFC 3986's unreserved set percent-encoded.
    ///
    /// ```swift
    /// RouteEncoding.encode("a b/c")  // "a%20b%2Fc"
    /// ```
    public static func encode(_ text: String) -> String {
        var result = ""
        for byte in text.utf8 {
            if isUnreserved(byte) {
                result.unicodeScalars.append(Unicode.Scalar(byte))
            } else {
                let digits = Array("0123456789ABCDEF".utf8)
                result += "%"
                result.unicodeScalars.append(Unicode.Scalar(digits[Int(byte >> 4)]))
                result.unicodeScalars.append(Unicode.Scalar(digits[Int(byte & 0xF)]))
            }
        }
        return result
    }

    private static func isUnreserved(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
            UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "-"), UInt8(ascii: "."), UInt8(ascii: "_"),
            UInt8(ascii: "~"):
            true
        default:
            false
        }
    }

    private static func hexValue(_ byte: UInt8) -> UInt8? {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): byte - UInt8(ascii: "0")
        case UInt8(ascii: "a")...UInt8(ascii: "f"): byte - UInt8(ascii: "a") + 10
        case UInt8(ascii: "A")...UInt8(ascii: "F"): byte - UInt8(ascii: "A") + 10
        default: nil
        }
    }
}

/// A named rule for typed route parameters such as `:id(int)`.
///
/// ```swift
/// let slug = ParameterType("slug") { text in text.allSatisfy { $0.isLowercase || $0 == "-" } }
/// ```
public struct ParameterType: Sendable {
    /// The name used in patterns, e.g. `int` in `:id(int)`.
    ///
    /// ```swift
    /// ParameterType.int.name  // "int", as in `:id(int)`
    /// ```
    public let name: String
    /// Whether a decoded path segment is a value of this type.
    ///
    /// ```swift
    /// ParameterType.int.accepts("42")   // true
    /// ParameterType.int.accepts("4.2")  // false
    /// ```
    public let accepts: @Sendable (Substring) -> Bool
    /// The same decision made on the segment's UTF-8 bytes, for types that can (the built-ins).
    let acceptsUTF8: (@Sendable (UnsafeBufferPointer<UInt8>) -> Bool)?

    /// Creates a parameter type.
    /// - Parameters:
    ///   - name: The name patterns use.
    ///   - accepts: Decides whether a decoded segment is a value of the type.
    ///
    /// ```swift
    /// let slug = ParameterType("slug") { text in
    ///     text.allSatisfy { $0.isLowercase || $0.isNumber || $0 == "-" }
    /// }
    /// try router.define(slug)
    /// try router.add(RoutePattern("app://blog/:post(slug)"), "post")
    /// ```
    public init(_ name: String, accepts: @escaping @Sendable (Substring) -> Bool) {
        self.init(name, accepts: accepts, acceptsUTF8: nil)
    }

    init(
        _ name: String,
        accepts: @escaping @Sendable (Substring) -> Bool,
        acceptsUTF8: (@Sendable (UnsafeBufferPointer<UInt8>) -> Bool)?
    ) {
        self.name = name
        self.accepts = accepts
        self.acceptsUTF8 = acceptsUTF8
    }

    /// Whether the segment `bytes` is a value of this type.
    func accepts(bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        if let acceptsUTF8 { return acceptsUTF8(bytes) }
        return accepts(Substring(decoding: bytes, as: UTF8.self))
    }

    /// A signed 64-bit integer: optional `-`, then decimal digits.
    ///
    /// ```swift
    /// try router.add(RoutePattern("app://circles/:id(int)"), "circle")
    /// router.match("app://circles/42")   // matched, id = "42"
    /// router.match("app://circles/abc")  // notFound
    /// ```
    public static let int = ParameterType("int", accepts: { Int64($0) != nil }, acceptsUTF8: isInt64)

    /// A finite decimal number, e.g. `3.5` or `-2`.
    ///
    /// ```swift
    /// try router.add(RoutePattern("app://map/:lat(double)/:lon(double)"), "map")
    /// router.match("app://map/48.85/2.35")  // matched
    /// ```
    public static let double = ParameterType("double") { text in
        Double(text).map(\.isFinite) ?? false
    }

    /// A UUID in its 8-4-4-4-12 hexadecimal form.
    ///
    /// ```swift
    /// try router.add(RoutePattern("app://orders/:order(uuid)"), "order")
    /// router.match("app://orders/E621E1F8-C36C-495A-93FC-0C247A3E6E5F")  // matched
    /// ```
    public static let uuid = ParameterType(
        "uuid",
        accepts: { text in
            var text = text
            return text.withUTF8(isUUID)
        },
        acceptsUTF8: isUUID
    )

    @Sendable
    private static func isUUID(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        guard bytes.count == 36 else { return false }
        for (offset, byte) in bytes.enumerated() {
            if offset == 8 || offset == 13 || offset == 18 || offset == 23 {
                guard byte == UInt8(ascii: "-") else { return false }
            } else {
                guard ASCII.isDigit(byte) || (byte | 0x20) &- UInt8(ascii: "a") < 6 else { return false }
            }
        }
        return true
    }

    @Sendable
    private static func isInt64(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        var digits = bytes[...]
        if digits.first == UInt8(ascii: "-") || digits.first == UInt8(ascii: "+") { digits = digits.dropFirst() }
        guard !digits.isEmpty, digits.allSatisfy(ASCII.isDigit) else { return false }
        // Leading zeros add nothing (Int64("007") is 7); 19 significant digits may still overflow:
        // let the standard library decide that rare case.
        let significant = digits.drop { $0 == UInt8(ascii: "0") }.count
        return significant < 19 || (significant == 19 && Int64(String(decoding: bytes, as: UTF8.self)) != nil)
    }

    /// `int`, `double` and `uuid`.
    ///
    /// ```swift
    /// let router = Router<String>(types: ParameterType.builtins + [slug])
    /// ```
    public static let builtins: [ParameterType] = [.int, .double, .uuid]
}

/// A named rule for typed route parameters such as `:id(int)`.
///
/// ```swift
/// let slug = ParameterType("slug") { text in text.allSatisfy { $0.isLowercase || $0 == "-" } }
/// ```
public struct ParameterType: Sendable {
    /// The name used in patterns, e.g. `int` in `:id(int)`.
    public let name: String
    /// Whether a decoded path segment is a value of this type.
    public let accepts: @Sendable (Substring) -> Bool

    /// Creates a parameter type.
    /// - Parameters:
    ///   - name: The name patterns use.
    ///   - accepts: Decides whether a decoded segment is a value of the type.
    public init(_ name: String, accepts: @escaping @Sendable (Substring) -> Bool) {
        self.name = name
        self.accepts = accepts
    }

    /// A signed 64-bit integer: optional `-`, then decimal digits.
    public static let int = ParameterType("int") { Int64($0) != nil }

    /// A finite decimal number, e.g. `3.5` or `-2`.
    public static let double = ParameterType("double") { text in
        Double(text).map(\.isFinite) ?? false
    }

    /// A UUID in its 8-4-4-4-12 hexadecimal form.
    public static let uuid = ParameterType("uuid") { text in
        let utf8 = text.utf8
        guard utf8.count == 36 else { return false }
        for (offset, byte) in utf8.enumerated() {
            if [8, 13, 18, 23].contains(offset) {
                guard byte == UInt8(ascii: "-") else { return false }
            } else {
                guard (byte >= 48 && byte <= 57) || (byte | 0x20 >= 97 && byte | 0x20 <= 102) else { return false }
            }
        }
        return true
    }

    /// `int`, `double` and `uuid`.
    public static let builtins: [ParameterType] = [.int, .double, .uuid]
}

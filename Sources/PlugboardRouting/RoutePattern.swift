/// A parsed route pattern: `scheme://host/path` whose path segments are literals, `:name` or
/// `:name(type)` parameters, `*` wildcards and a trailing `**` catch-all.
///
/// ```swift
/// let pattern = try RoutePattern("app://circles/:id(int)/members/*")
/// ```
///
/// Scheme and host are matched without regard to letter case; path literals are case-sensitive.
/// A trailing slash and empty segments are ignored, in patterns and URLs alike.
public struct RoutePattern: Sendable, Hashable, CustomStringConvertible {
    /// The lowercased scheme, e.g. `app`.
    ///
    /// ```swift
    /// try RoutePattern("App://Circles/:id").scheme  // "app"
    /// ```
    public var scheme: String { parts.scheme }
    /// The lowercased host, e.g. `circles`.
    ///
    /// ```swift
    /// try RoutePattern("App://Circles/:id").host  // "circles"
    /// ```
    public var host: String { parts.host }
    /// The path segments.
    ///
    /// ```swift
    /// try RoutePattern("app://circles/:id").segments  // [.literal("circles"), .parameter(name: "id", type: nil)]
    /// ```
    public var segments: [PatternSegment] { parts.segments }
    /// The names of the captured parameters, in order (`**` for a catch-all).
    ///
    /// ```swift
    /// try RoutePattern("app://circles/:id(int)/posts/:post/**").parameterNames  // ["id", "post", "**"]
    /// ```
    public var parameterNames: [String] { parts.parameterNames }

    /// The parsed pattern, shared by every copy: a matched route's pattern is copied into each
    /// lookup's result, so a copy costs one reference instead of five.
    private final class Parts: Sendable {
        let scheme: String
        let host: String
        let segments: [PatternSegment]
        let parameterNames: [String]

        init(scheme: String, host: String, segments: [PatternSegment]) {
            self.scheme = scheme
            self.host = host
            self.segments = segments
            parameterNames = segments.compactMap { segment in
                switch segment {
                case .parameter(let name, _): name
                case .catchAll: "**"
                default: nil
                }
            }
        }
    }

    private let parts: Parts

    /// Parses `text`.
    /// - Parameter text: A pattern such as `app://circles/:id(int)`.
    /// - Throws: ``RoutePatternError`` saying what is wrong.
    ///
    /// ```swift
    /// let pattern = try RoutePattern("app://circles/:id(int)")
    /// do { _ = try RoutePattern("circles/:id") } catch { print(error.reason) }
    /// ```
    public init(_ text: String) throws(RoutePatternError) {
        // Parsed on the UTF-8 bytes, which every delimiter of the grammar is one ASCII byte of;
        // strings are made only of the parts kept.
        var contiguous = text
        let parsed = contiguous.withUTF8 { bytes in
            Result { () throws(RoutePatternError) in
                try Self.parse(bytes) { RoutePatternError(pattern: text, reason: $0) }
            }
        }
        parts = try parsed.get()
    }

    /// Whether both patterns have the same scheme, host and segments (parameter names included).
    ///
    /// ```swift
    /// try RoutePattern("APP://circles/:id") == RoutePattern("app://circles/:id")  // true
    /// try RoutePattern("app://circles/:id") == RoutePattern("app://circles/:other")  // false
    /// ```
    public static func == (lhs: RoutePattern, rhs: RoutePattern) -> Bool {
        lhs.parts === rhs.parts
            || (lhs.scheme == rhs.scheme && lhs.host == rhs.host && lhs.segments == rhs.segments)
    }

    /// Hashes the scheme, host and segments.
    ///
    /// ```swift
    /// let patterns: Set<RoutePattern> = [try RoutePattern("app://circles/:id")]
    /// ```
    public func hash(into hasher: inout Hasher) {
        hasher.combine(scheme)
        hasher.combine(host)
        hasher.combine(segments)
    }

    private typealias Bytes = UnsafeBufferPointer<UInt8>

    private static func parse(_ text: Bytes, fail: (String) -> RoutePatternError) throws(RoutePatternError) -> Parts {
        guard let separator = separator(in: text) else { throw fail("expected the form scheme://host/path") }
        let scheme = Bytes(rebasing: text[..<separator])
        guard SchemeSyntax.isValid(scheme) else {
            throw fail("the scheme must start with a letter and hold only letters, digits, '+', '-' or '.'")
        }
        let rest = Bytes(rebasing: text[(separator + 3)...])
        let marks = rest.contains { $0 == UInt8(ascii: "?") || $0 == UInt8(ascii: "#") }
        if marks || rest.containsWhitespace || rest.containsControlCharacter {
            throw fail("spaces, control characters, '?' and '#' are not allowed in a pattern")
        }
        guard rest.first != UInt8(ascii: "/") else { throw fail("the host is missing") }
        var hostRange: Range<Int>?
        var segments: [PatternSegment] = []
        // One segment per '/' at most (the host comes before the first).
        segments.reserveCapacity(rest.count(where: { $0 == UInt8(ascii: "/") }))
        var start = 0
        for index in 0...rest.count where index == rest.count || rest[index] == UInt8(ascii: "/") {
            defer { start = index + 1 }
            guard start < index else { continue }
            guard hostRange != nil else {
                if rest[start..<index].contains(where: { $0 == UInt8(ascii: ":") || $0 == UInt8(ascii: "*") }) {
                    throw fail("the host must be a literal name")
                }
                hostRange = start..<index
                continue
            }
            if case .catchAll? = segments.last { throw fail("'**' may only be the last segment") }
            let segment = try self.segment(Bytes(rebasing: rest[start..<index]), fail: fail)
            if case .parameter(let name, _) = segment,
                segments.contains(where: { if case .parameter(name, _) = $0 { true } else { false } })
            {
                throw fail("the parameter name '\(name)' is used twice")
            }
            segments.append(segment)
        }
        guard let hostRange else { throw fail("the host is missing") }
        return Parts(scheme: lowercased(scheme), host: lowercased(Bytes(rebasing: rest[hostRange])), segments: segments)
    }

    private static func segment(_ part: Bytes, fail: (String) -> RoutePatternError) throws(RoutePatternError)
        -> PatternSegment
    {
        if part.contains(UInt8(ascii: "*")) {
            guard part.allSatisfy({ $0 == UInt8(ascii: "*") }), part.count <= 2 else {
                throw fail("'*' and '**' must stand alone in a segment")
            }
            return part.count == 1 ? .wildcard : .catchAll
        }
        guard part.first == UInt8(ascii: ":") else {
            if part.contains(UInt8(ascii: "%")) { throw fail("write literal segments decoded, without '%' escapes") }
            return .literal(string(part))
        }
        var name = Bytes(rebasing: part[1...])
        var type: String?
        if let open = name.firstIndex(of: UInt8(ascii: "(")) {
            guard name.last == UInt8(ascii: ")") else { throw fail("a typed parameter is written :name(type)") }
            let typeBytes = Bytes(rebasing: name[(open + 1)..<(name.count - 1)])
            name = Bytes(rebasing: name[..<open])
            if typeBytes.isEmpty { throw fail("the type of ':\(string(name))' is empty") }
            type = string(typeBytes)
        }
        guard let head = name.first, ASCII.isLetter(head) || head == UInt8(ascii: "_"),
            name.allSatisfy({ ASCII.isLetter($0) || ASCII.isDigit($0) || $0 == UInt8(ascii: "_") })
        else { throw fail("parameter names are letters, digits and '_', e.g. :id") }
        return .parameter(name: string(name), type: type)
    }

    private static func string(_ bytes: Bytes) -> String {
        String(decoding: bytes, as: UTF8.self)
    }

    /// `text` in lowercase; text without an uppercase ASCII letter is copied as is.
    private static func lowercased(_ text: Bytes) -> String {
        text.contains { ASCII.isUppercase($0) || $0 >= 0x80 } ? string(text).lowercased() : string(text)
    }

    /// Where the first `://` in `text` starts.
    private static func separator(in text: Bytes) -> Int? {
        guard text.count >= 3 else { return nil }
        return (0...(text.count - 3)).first { index in
            text[index] == UInt8(ascii: ":") && text[index + 1] == UInt8(ascii: "/")
                && text[index + 2] == UInt8(ascii: "/")
        }
    }

    /// `scheme://host/segments…`.
    ///
    /// ```swift
    /// try RoutePattern("APP://circles/:id(int)").description  // "app://circles/:id(int)"
    /// ```
    public var description: String {
        "\(scheme)://\(host)" + segments.map { "/\($0)" }.joined()
    }
}

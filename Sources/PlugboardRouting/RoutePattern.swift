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
        func fail(_ reason: String) -> RoutePatternError { RoutePatternError(pattern: text, reason: reason) }
        // Scanned as UTF-8 bytes where the grammar is ASCII; characters only where it is not.
        guard let separator = Self.separator(in: text) else { throw fail("expected the form scheme://host/path") }
        let scheme = text[..<separator.lowerBound]
        guard SchemeSyntax.isValid(scheme.utf8) else {
            throw fail("the scheme must start with a letter and hold only letters, digits, '+', '-' or '.'")
        }
        let rest = text[separator.upperBound...]
        let marks = rest.utf8.contains { $0 == UInt8(ascii: "?") || $0 == UInt8(ascii: "#") }
        let forbidden = marks || rest.containsWhitespace
        if forbidden { throw fail("spaces, '?' and '#' are not allowed in a pattern") }
        var parts: [Substring] = []
        let utf8 = rest.utf8
        var start = utf8.startIndex
        var index = start
        while index != utf8.endIndex {
            if utf8[index] == UInt8(ascii: "/") {
                if start != index { parts.append(rest[start..<index]) }
                start = utf8.index(after: index)
            }
            index = utf8.index(after: index)
        }
        if start != utf8.endIndex { parts.append(rest[start...]) }
        guard let host = parts.first, rest.utf8.first != UInt8(ascii: "/") else { throw fail("the host is missing") }
        if host.utf8.contains(where: { $0 == UInt8(ascii: ":") || $0 == UInt8(ascii: "*") }) {
            throw fail("the host must be a literal name")
        }
        var segments: [PatternSegment] = []
        segments.reserveCapacity(parts.count - 1)
        for (position, part) in parts.dropFirst().enumerated() {
            let segment = try Self.segment(part, fail: fail)
            if case .parameter(let name, _) = segment,
                segments.contains(where: { if case .parameter(name, _) = $0 { true } else { false } })
            {
                throw fail("the parameter name '\(name)' is used twice")
            }
            if segment == .catchAll, position != parts.count - 2 { throw fail("'**' may only be the last segment") }
            segments.append(segment)
        }
        self.parts = Parts(scheme: Self.lowercased(scheme), host: Self.lowercased(host), segments: segments)
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

    private static func segment(_ part: Substring, fail: (String) -> RoutePatternError) throws(RoutePatternError)
        -> PatternSegment
    {
        let bytes = part.utf8
        if bytes.elementsEqual("*".utf8) { return .wildcard }
        if bytes.elementsEqual("**".utf8) { return .catchAll }
        if bytes.contains(UInt8(ascii: "*")) { throw fail("'*' and '**' must stand alone in a segment") }
        guard bytes.first == UInt8(ascii: ":") else {
            if bytes.contains(UInt8(ascii: "%")) { throw fail("write literal segments decoded, without '%' escapes") }
            return .literal(String(part))
        }
        var name = part.dropFirst()
        var type: String?
        if let open = name.utf8.firstIndex(of: UInt8(ascii: "(")) {
            guard name.utf8.last == UInt8(ascii: ")") else { throw fail("a typed parameter is written :name(type)") }
            type = String(name[name.utf8.index(after: open)..<name.utf8.index(before: name.endIndex)])
            name = name[..<open]
            if type?.isEmpty != false { throw fail("the type of ':\(name)' is empty") }
        }
        guard let head = name.utf8.first, ASCII.isLetter(head) || head == UInt8(ascii: "_"),
            name.utf8.allSatisfy({ ASCII.isLetter($0) || ASCII.isDigit($0) || $0 == UInt8(ascii: "_") })
        else { throw fail("parameter names are letters, digits and '_', e.g. :id") }
        return .parameter(name: String(name), type: type)
    }

    /// The range of the first `://` in `text`.
    /// `text` in lowercase; text without an uppercase ASCII letter is copied as is.
    private static func lowercased(_ text: Substring) -> String {
        text.utf8.contains { ASCII.isUppercase($0) || $0 >= 0x80 } ? text.lowercased() : String(text)
    }

    private static func separator(in text: String) -> Range<String.Index>? {
        let bytes = text.utf8
        var index = bytes.startIndex
        while index != bytes.endIndex {
            if bytes[index] == UInt8(ascii: ":") {
                let end = bytes.index(index, offsetBy: 3, limitedBy: bytes.endIndex) ?? bytes.endIndex
                if bytes[index..<end].elementsEqual("://".utf8) { return index..<end }
            }
            index = bytes.index(after: index)
        }
        return nil
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

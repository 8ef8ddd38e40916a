/// One path segment of a route pattern.
///
/// ```swift
/// try RoutePattern("app://circles/:id(int)/*/**").segments
/// // [.literal("circles"), .parameter(name: "id", type: "int"), .wildcard, .catchAll]
/// ```
public enum PatternSegment: Sendable, Hashable, CustomStringConvertible {
    /// A literal segment that must match exactly (after percent-decoding of the URL), e.g. `circles`.
    ///
    /// ```swift
    /// try RoutePattern("app://circles/members").segments  // [.literal("circles"), .literal("members")]
    /// ```
    case literal(String)
    /// `:name` captures any one segment; `:name(type)` captures one that the type accepts.
    ///
    /// ```swift
    /// try RoutePattern("app://circles/:id(int)/:tab").segments
    /// // [.literal("circles"), .parameter(name: "id", type: "int"), .parameter(name: "tab", type: nil)]
    /// ```
    case parameter(name: String, type: String?)
    /// `*` matches any one segment without capturing it.
    ///
    /// ```swift
    /// try RoutePattern("app://circles/*/detail").segments[1]  // .wildcard
    /// ```
    case wildcard
    /// `**` (last only) matches the rest of the path, one or more segments, captured as `**`.
    ///
    /// ```swift
    /// try router.add(RoutePattern("app://files/**"), "file")
    /// if case .matched(_, let parameters) = router.match("app://files/a/b/c.txt") {
    ///     parameters["**"]  // "a/b/c.txt"
    /// }
    /// ```
    case catchAll

    /// The segment as written in a pattern.
    ///
    /// ```swift
    /// PatternSegment.parameter(name: "id", type: "int").description  // ":id(int)"
    /// ```
    public var description: String {
        switch self {
        case .literal(let text): text
        case .parameter(let name, let type): ":\(name)" + (type.map { "(\($0))" } ?? "")
        case .wildcard: "*"
        case .catchAll: "**"
        }
    }
}

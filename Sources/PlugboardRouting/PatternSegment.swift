/// One path segment of a route pattern.
public enum PatternSegment: Sendable, Hashable, CustomStringConvertible {
    /// A literal segment that must match exactly (after percent-decoding of the URL), e.g. `circles`.
    case literal(String)
    /// `:name` captures any one segment; `:name(type)` captures one that the type accepts.
    case parameter(name: String, type: String?)
    /// `*` matches any one segment without capturing it.
    case wildcard
    /// `**` (last only) matches the rest of the path, one or more segments, captured as `**`.
    case catchAll

    /// The segment as written in a pattern.
    public var description: String {
        switch self {
        case .literal(let text): text
        case .parameter(let name, let type): ":\(name)" + (type.map { "(\($0))" } ?? "")
        case .wildcard: "*"
        case .catchAll: "**"
        }
    }

    /// The segment with parameter names removed: two patterns that differ only in names are one.
    var shape: String {
        switch self {
        case .literal(let text): "=" + text
        case .parameter(_, let type): ":" + (type ?? "")
        case .wildcard: "*"
        case .catchAll: "**"
        }
    }
}

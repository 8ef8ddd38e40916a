/// The values a matched URL supplied: path parameters, query items and the fragment, decoded.
public struct RouteParameters: Sendable, Hashable {
    /// Path parameters in pattern order, by name (`**` for a catch-all).
    public internal(set) var path: [(name: String, value: String)]
    /// Query items in URL order; a name may repeat.
    public internal(set) var query: [(name: String, value: String)]
    /// The fragment after `#`, or `nil`.
    public internal(set) var fragment: String?

    /// Creates parameters.
    public init(
        path: [(name: String, value: String)] = [], query: [(name: String, value: String)] = [], fragment: String? = nil
    ) {
        self.path = path
        self.query = query
        self.fragment = fragment
    }

    /// The path parameter `name`, or else the last query item `name`.
    public subscript(name: String) -> String? {
        path.first { $0.name == name }?.value ?? query.last { $0.name == name }?.value
    }

    /// Whether both hold the same path parameters, query items and fragment, in the same order.
    public static func == (lhs: RouteParameters, rhs: RouteParameters) -> Bool {
        lhs.path.elementsEqual(rhs.path) { $0 == $1 } && lhs.query.elementsEqual(rhs.query) { $0 == $1 }
            && lhs.fragment == rhs.fragment
    }

    /// Hashes the parameters, query items and fragment.
    public func hash(into hasher: inout Hasher) {
        for (name, value) in path {
            hasher.combine(name)
            hasher.combine(value)
        }
        for (name, value) in query {
            hasher.combine(name)
            hasher.combine(value)
        }
        hasher.combine(fragment)
    }
}

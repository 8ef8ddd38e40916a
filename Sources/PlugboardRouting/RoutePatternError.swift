/// Why a route pattern cannot be registered.
public struct RoutePatternError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The pattern as given.
    public let pattern: String
    /// What is wrong with it.
    public let reason: String

    /// `route pattern 'x' is invalid: …`.
    public var description: String {
        "route pattern '\(pattern)' is invalid: \(reason)"
    }
}

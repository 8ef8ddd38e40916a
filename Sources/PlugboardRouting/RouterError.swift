/// Why a route or a parameter type could not be added to a ``Router``. Nothing was added.
public enum RouterError: Error, Sendable, Hashable, CustomStringConvertible {
    /// A pattern of the same shape (differing at most in parameter names) is already routed.
    case conflict(pattern: RoutePattern, existing: RoutePattern)
    /// The pattern uses a parameter type no one defined.
    case unknownType(String, pattern: RoutePattern, known: [String])
    /// A parameter type of this name is already defined.
    case duplicateType(String)

    /// What is wrong and what to do.
    public var description: String {
        switch self {
        case .conflict(let pattern, let existing):
            "route '\(pattern)' is the same pattern as '\(existing)' (only parameter names differ or none do)"
        case .unknownType(let type, let pattern, let known):
            "route '\(pattern)' uses unknown parameter type '\(type)'; known types: \(known.joined(separator: ", "))"
        case .duplicateType(let type):
            "parameter type '\(type)' is already defined; choose another name"
        }
    }
}

/// Why a URL could not be built from a pattern.
public struct URLBuildError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The pattern.
    public let pattern: String
    /// What is missing or wrong.
    public let reason: String

    /// `cannot build a URL for 'pattern': reason`.
    public var description: String {
        "cannot build a URL for '\(pattern)': \(reason)"
    }
}

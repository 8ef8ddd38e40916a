/// Why a route or a parameter type could not be added to a ``Router``. Nothing was added.
///
/// ```swift
/// do {
///     try router.add(RoutePattern("app://circles/:id(int)"), "again")
/// } catch {
///     print(error)  // names both patterns and says what to do
/// }
/// ```
public enum RouterError: Error, Sendable, Hashable, CustomStringConvertible {
    /// A pattern of the same shape (differing at most in parameter names) is already routed.
    ///
    /// ```swift
    /// catch RouterError.conflict(let pattern, let existing) { print(pattern, "clashes with", existing) }
    /// ```
    case conflict(pattern: RoutePattern, existing: RoutePattern)
    /// The pattern uses a parameter type no one defined.
    ///
    /// ```swift
    /// catch RouterError.unknownType(let type, _, let known) { print("no type \(type); known: \(known)") }
    /// ```
    case unknownType(String, pattern: RoutePattern, known: [String])
    /// A parameter type of this name is already defined.
    ///
    /// ```swift
    /// try router.define(.int)  // throws RouterError.duplicateType("int")
    /// ```
    case duplicateType(String)

    /// What is wrong and what to do.
    ///
    /// ```swift
    /// catch let error as RouterError { print(error.description) }
    /// ```
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
///
/// ```swift
/// do {
///     _ = try router.url(for: RoutePattern("app://circles/:id(int)"), parameters: ["id": "abc"])
/// } catch {
///     print(error)  // cannot build a URL for 'app://circles/:id(int)': …
/// }
/// ```
public struct URLBuildError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The pattern.
    ///
    /// ```swift
    /// catch { print(error.pattern) }  // "app://circles/:id(int)"
    /// ```
    public let pattern: String
    /// What is missing or wrong.
    ///
    /// ```swift
    /// catch { print(error.reason) }  // e.g. the value for 'id' is not an int
    /// ```
    public let reason: String

    /// `cannot build a URL for 'pattern': reason`.
    ///
    /// ```swift
    /// catch { print(error.description) }
    /// ```
    public var description: String {
        "cannot build a URL for '\(pattern)': \(reason)"
    }
}

/// Why a route pattern cannot be registered.
///
/// ```swift
/// do {
///     _ = try RoutePattern("app://circles/**/more")
/// } catch {
///     print(error)  // route pattern 'app://circles/**/more' is invalid: …
/// }
/// ```
public struct RoutePatternError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The pattern as given.
    ///
    /// ```swift
    /// catch { print(error.pattern) }  // "app://circles/**/more"
    /// ```
    public let pattern: String
    /// What is wrong with it.
    ///
    /// ```swift
    /// catch { print(error.reason) }  // why the pattern is rejected
    /// ```
    public let reason: String

    /// `route pattern 'x' is invalid: …`.
    ///
    /// ```swift
    /// catch { print(error.description) }  // route pattern 'app://circles/**/more' is invalid: …
    /// ```
    public var description: String {
        "route pattern '\(pattern.shown)' is invalid: \(reason)"
    }
}

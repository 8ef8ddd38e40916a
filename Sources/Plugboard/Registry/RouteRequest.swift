public import Foundation

/// A request to open a route: the URL asked for, the values it carried, and the caller's context.
///
/// ```swift
/// registrar.route("app://circles/:id(int)") { request in
///     CircleScreen(id: try request.int("id"), preview: request.context as? CirclePreview)
/// }
/// ```
public struct RouteRequest: Sendable {
    /// The URL as requested, for example `app://circles/42?tab=members`.
    public let url: String
    /// The pattern that matched, or `nil` when a fallback handles an unmatched URL.
    public let pattern: RoutePattern?
    /// Path parameters, query items and fragment, percent-decoded.
    public let parameters: RouteParameters
    /// A typed value the caller passed along (not part of the URL), or `nil`.
    public let context: (any Sendable)?

    /// Creates a request.
    public init(url: String, pattern: RoutePattern?, parameters: RouteParameters, context: (any Sendable)? = nil) {
        self.url = url
        self.pattern = pattern
        self.parameters = parameters
        self.context = context
    }

    /// The text of parameter (or query item) `name`.
    /// - Throws: ``RouteValueError`` when it is missing.
    public func string(_ name: String) throws(RouteValueError) -> String {
        guard let value = parameters[name] else { throw RouteValueError(url: url, name: name, expected: "a value") }
        return value
    }

    /// Parameter `name` as an integer.
    /// - Throws: ``RouteValueError`` when it is missing or not an integer.
    public func int(_ name: String) throws(RouteValueError) -> Int {
        guard let value = parameters[name].flatMap({ Int($0) }) else {
            throw RouteValueError(url: url, name: name, expected: "an integer")
        }
        return value
    }

    /// Parameter `name` as a decimal number.
    /// - Throws: ``RouteValueError`` when it is missing or not a number.
    public func double(_ name: String) throws(RouteValueError) -> Double {
        guard let value = parameters[name].flatMap({ Double($0) }) else {
            throw RouteValueError(url: url, name: name, expected: "a number")
        }
        return value
    }

    /// Parameter `name` as a UUID.
    /// - Throws: ``RouteValueError`` when it is missing or not a UUID.
    public func uuid(_ name: String) throws(RouteValueError) -> UUID {
        guard let value = parameters[name].flatMap({ UUID(uuidString: $0) }) else {
            throw RouteValueError(url: url, name: name, expected: "a UUID")
        }
        return value
    }
}

/// A route parameter was missing or of the wrong kind.
public struct RouteValueError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The URL of the request.
    public let url: String
    /// The parameter's name.
    public let name: String
    /// What was expected.
    public let expected: String

    /// `'url' has no … for 'name'`.
    public var description: String {
        "'\(url)' has no \(expected) for '\(name)'"
    }
}

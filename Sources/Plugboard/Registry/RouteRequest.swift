public import FoundationEssentials

/// A request to open a route: the URL asked for, the values it carried, and the caller's context.
///
/// ```swift
/// registrar.route("app://circles/:id(int)") { request in
///     CircleScreen(id: try request.int("id"), preview: request.context as? CirclePreview)
/// }
/// ```
public struct RouteRequest: Sendable {
    /// The URL as requested, for example `app://circles/42?tab=members`.
    ///
    /// ```swift
    /// registrar.route("app://search") { request in SearchScreen(link: request.url) }
    /// ```
    public let url: String
    /// The pattern that matched, or `nil` when a fallback handles an unmatched URL.
    ///
    /// ```swift
    /// request.pattern?.description  // "app://circles/:id(int)", or nil under a fallback
    /// ```
    public let pattern: RoutePattern?
    /// Path parameters, query items and fragment, percent-decoded.
    ///
    /// ```swift
    /// request.parameters["tab"]  // "members" for app://circles/42?tab=members
    /// ```
    public let parameters: RouteParameters
    /// A typed value the caller passed along (not part of the URL), or `nil`.
    ///
    /// ```swift
    /// try await Registry.shared.screen(for: "app://circles/42", context: CirclePreview(name: "Hiking"))
    /// // in the factory:
    /// let preview = request.context as? CirclePreview
    /// ```
    public let context: (any Sendable)?

    /// Creates a request.
    ///
    /// ```swift
    /// let request = RouteRequest(url: "app://circles/42", pattern: nil, parameters: RouteParameters(path: [("id", "42")]))
    /// ```
    public init(url: String, pattern: RoutePattern?, parameters: RouteParameters, context: (any Sendable)? = nil) {
        self.url = url
        self.pattern = pattern
        self.parameters = parameters
        self.context = context
    }

    /// The text of parameter (or query item) `name`.
    /// - Throws: ``RouteValueError`` when it is missing.
    ///
    /// ```swift
    /// let tab = try request.string("tab")  // throws RouteValueError when there is no `tab`
    /// ```
    public func string(_ name: String) throws(RouteValueError) -> String {
        guard let value = parameters[name] else { throw RouteValueError(url: url, name: name, expected: "a value") }
        return value
    }

    /// Parameter `name` as an integer.
    /// - Throws: ``RouteValueError`` when it is missing or not an integer.
    ///
    /// ```swift
    /// let id = try request.int("id")
    /// ```
    public func int(_ name: String) throws(RouteValueError) -> Int {
        guard let value = parameters[name].flatMap({ Int($0) }) else {
            throw RouteValueError(url: url, name: name, expected: "an integer")
        }
        return value
    }

    /// Parameter `name` as a decimal number.
    /// - Throws: ``RouteValueError`` when it is missing or not a number.
    ///
    /// ```swift
    /// let latitude = try request.double("lat")
    /// ```
    public func double(_ name: String) throws(RouteValueError) -> Double {
        guard let value = parameters[name].flatMap({ Double($0) }) else {
            throw RouteValueError(url: url, name: name, expected: "a number")
        }
        return value
    }

    /// Parameter `name` as a UUID.
    /// - Throws: ``RouteValueError`` when it is missing or not a UUID.
    ///
    /// ```swift
    /// let order = try request.uuid("order")
    /// ```
    public func uuid(_ name: String) throws(RouteValueError) -> UUID {
        guard let value = parameters[name].flatMap({ UUID(uuidString: $0) }) else {
            throw RouteValueError(url: url, name: name, expected: "a UUID")
        }
        return value
    }
}

/// A route parameter was missing or of the wrong kind.
///
/// ```swift
/// do { _ = try request.int("page") } catch { print(error) }
/// // 'app://blog?page=x' does not give an integer for 'page'
/// ```
public struct RouteValueError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The URL of the request.
    ///
    /// ```swift
    /// catch { print(error.url) }
    /// ```
    public let url: String
    /// The parameter's name.
    ///
    /// ```swift
    /// catch { print(error.name) }  // "page"
    /// ```
    public let name: String
    /// What was expected.
    ///
    /// ```swift
    /// catch { print(error.expected) }  // "an integer"
    /// ```
    public let expected: String

    /// `'url' does not give … for 'name'`.
    ///
    /// ```swift
    /// catch { print(error.description) }
    /// ```
    public var description: String {
        "'\(url)' does not give \(expected) for '\(name)'"
    }
}

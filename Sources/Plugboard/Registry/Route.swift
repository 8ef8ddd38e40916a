/// A request to open a route: the URL that was asked for.
public struct RouteRequest: Sendable, Hashable {
    /// The URL as requested, for example `app://greeter/hello`.
    public let url: String

    /// Creates a request for `url`.
    public init(url: String) {
        self.url = url
    }
}

/// Builds the screen for a matched route.
public typealias ScreenFactory = @Sendable (RouteRequest) throws -> any Screen

/// A registered route: a URL pattern, its owner and the factory that builds its screen.
public struct Route: Sendable {
    /// The URL pattern, for example `app://greeter/hello`.
    public let pattern: String
    /// A short human-readable title for listings.
    public let title: String?
    /// The module that registered the route.
    public let owner: Owner
    /// Builds the route's screen.
    public let factory: ScreenFactory
}

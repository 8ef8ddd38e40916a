public import PlugboardRouting

/// Builds the screen for a matched route, on the main actor.
public typealias ScreenFactory = @MainActor @Sendable (RouteRequest) throws -> any Screen

/// A registered route: a URL pattern, its owner and the factory that builds its screen.
public struct Route: Sendable {
    /// The URL pattern, for example `app://circles/:id(int)`.
    public let pattern: RoutePattern
    /// A short human-readable title for listings.
    public let title: String?
    /// The module that registered the route.
    public let owner: Owner
    /// Builds the route's screen.
    public let factory: ScreenFactory
}

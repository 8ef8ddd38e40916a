public import PlugboardRouting

/// Builds the screen for a matched route, on the main actor.
///
/// ```swift
/// let factory: ScreenFactory = { request in CircleScreen(id: try request.int("id")) }
/// registrar.route("app://circles/:id(int)", factory: factory)
/// ```
public typealias ScreenFactory = @MainActor @Sendable (RouteRequest) throws -> any Screen

/// A registered route: a URL pattern, its owner and the factory that builds its screen.
///
/// ```swift
/// for route in Registry.shared.snapshot.routes {
///     print(route.pattern, route.title ?? "-", route.owner.module)
/// }
/// ```
public struct Route: Sendable {
    /// The URL pattern, for example `app://circles/:id(int)`.
    ///
    /// ```swift
    /// route.pattern.parameterNames  // ["id"] for app://circles/:id(int)
    /// ```
    public let pattern: RoutePattern
    /// A short human-readable title for listings.
    ///
    /// ```swift
    /// registrar.route("app://circles", title: "Circles") { _ in CirclesScreen() }  // route.title == "Circles"
    /// ```
    public let title: String?
    /// A URL the route opens, for a pattern with parameters, which `plugboard verify` opens to
    /// check the route's screen.
    ///
    /// ```swift
    /// route.example  // "app://circles/1" for app://circles/:id(int)
    /// ```
    public var example: String? = nil
    /// The module that registered the route.
    ///
    /// ```swift
    /// route.owner.module  // "Circles.CirclesModule"
    /// ```
    public let owner: Owner
    /// Builds the route's screen.
    ///
    /// ```swift
    /// let screen = try await MainActor.run { try route.factory(request) }
    /// ```
    public let factory: ScreenFactory
    /// The plugin that declared the route in its manifest and is not active yet, or `nil` for a
    /// route a module registered: opening the route activates the plugin, whose own route then
    /// takes this one's place (see ``PluginPopulation``).
    ///
    /// ```swift
    /// route.inactivePlugin  // "Circles" until the circle list is first opened
    /// ```
    public var inactivePlugin: String? = nil
    /// Why the plugin named by ``inactivePlugin`` was refused, for a route its manifest declares
    /// although it cannot load: opening the route answers with the refusal.
    ///
    /// ```swift
    /// route.refusal  // "it needs plugin Account, which is not installed; install Account …"
    /// ```
    public var refusal: String? = nil
}

public import PlugboardRouting

/// Why a route or a service could not be provided.
///
/// ```swift
/// do {
///     let screen = try await Registry.shared.screen(for: "app://circles/42")
///     try navigator.push(screen)
/// } catch {
///     print(error)  // names the URL (and owner) and says what to do
/// }
/// ```
public enum LookupError: Error, Sendable, CustomStringConvertible {
    /// No registered route matches the URL; `suggestions` are the nearest registered patterns.
    ///
    /// ```swift
    /// catch LookupError.routeNotFound(let url, let suggestions) { print(url, "did you mean", suggestions) }
    /// ```
    case routeNotFound(url: String, suggestions: [String])
    /// The URL cannot be routed (not `scheme://host/path`, or a malformed escape).
    ///
    /// ```swift
    /// catch LookupError.invalidURL(let error) { print(error.reason) }
    /// ```
    case invalidURL(RouteURLError)
    /// An interceptor refused the request.
    ///
    /// ```swift
    /// catch LookupError.rejected(let url, let owner, let reason) { print(url, owner.module, reason) }
    /// ```
    case rejected(url: String, by: Owner, reason: String)
    /// An interceptor threw instead of deciding.
    ///
    /// ```swift
    /// catch LookupError.interceptorFailed(_, let owner, let reason) { print(owner, "failed:", reason) }
    /// ```
    case interceptorFailed(url: String, owner: Owner, reason: String)
    /// Interceptors kept redirecting; `chain` lists the URLs in order.
    ///
    /// ```swift
    /// catch LookupError.redirectLoop(let chain) { print(chain.joined(separator: " -> ")) }
    /// ```
    case redirectLoop(chain: [String])
    /// The route's factory threw while building the screen.
    ///
    /// ```swift
    /// catch LookupError.screenFailed(let url, let owner, let reason) { print(url, owner, reason) }
    /// ```
    case screenFailed(url: String, owner: Owner, reason: String)
    /// A URL could not be built from a pattern.
    ///
    /// ```swift
    /// catch LookupError.cannotBuildURL(let error) { print(error.reason) }
    /// ```
    case cannotBuildURL(URLBuildError)
    /// No module provides a service of this type; `provided` lists the types that are provided.
    ///
    /// ```swift
    /// catch LookupError.serviceNotFound(let type, let provided) { print(type, "not among", provided) }
    /// ```
    case serviceNotFound(type: String, provided: [String])
    /// The module that owns the route is disabled.
    ///
    /// ```swift
    /// catch LookupError.moduleDisabled(_, let module) { print(module, "is switched off") }
    /// ```
    case moduleDisabled(url: String, module: String)
    /// The module that owns the route was quarantined at launch, for `reason`.
    ///
    /// ```swift
    /// catch LookupError.moduleQuarantined(_, let module, let reason) { print(module, reason) }
    /// ```
    case moduleQuarantined(url: String, module: String, reason: String)
    /// Opening the URL needed `plugin`, declared but not active, which could not be activated:
    /// nothing of it was registered.
    ///
    /// ```swift
    /// catch LookupError.activationFailed(_, let plugin, let reason) { print(plugin, reason) }
    /// ```
    case activationFailed(url: String, plugin: String, reason: String)
    /// The route is declared by `plugin`, which was refused (a dependency missing or too old, a
    /// build for another runtime…): it cannot load, and `reason` says why and what to do.
    ///
    /// ```swift
    /// catch LookupError.pluginRefused(_, let plugin, let reason) { print(plugin, "was refused:", reason) }
    /// ```
    case pluginRefused(url: String, plugin: String, reason: String)
    /// The route is a placeholder of `plugin`, which is not active, and the registry has no
    /// ``PluginPopulation`` to activate it.
    ///
    /// ```swift
    /// catch LookupError.pluginNotActive(let plugin) { print("activate", plugin, "first") }
    /// ```
    case pluginNotActive(plugin: String)
    /// The service's provider is a plugin declared but not active: ``Registry/service(_:)`` does
    /// not activate it (activation runs the plugin's startup tasks, which takes waiting).
    ///
    /// ```swift
    /// catch LookupError.serviceNotActive(let type, let plugin) { print(type, "needs", plugin, "active") }
    /// ```
    case serviceNotActive(type: String, plugin: String)
    /// The plugin that provides the service could not be activated.
    ///
    /// ```swift
    /// catch LookupError.serviceActivationFailed(_, let plugin, let reason) { print(plugin, reason) }
    /// ```
    case serviceActivationFailed(type: String, plugin: String, reason: String)

    /// What failed and what to do.
    ///
    /// ```swift
    /// catch let error as LookupError { status.value = error.description }
    /// ```
    public var description: String {
        switch self {
        case .routeNotFound(let url, let suggestions):
            "no route matches '\(url.shown)'"
                + (suggestions.isEmpty
                    ? "; no routes are registered — load a plugin that provides it"
                    : "; did you mean \(suggestions.map { "'\($0)'" }.joined(separator: ", "))?")
        case .invalidURL(let error):
            error.description
        case .rejected(let url, let owner, let reason):
            "'\(url.shown)' was refused by an interceptor of \(owner): \(reason)"
        case .interceptorFailed(let url, let owner, let reason):
            "an interceptor of \(owner) failed on '\(url.shown)': \(reason)"
        case .redirectLoop(let chain):
            "interceptors redirected \(chain.count - 1) times without reaching a screen: "
                + chain.map(\.shown).joined(separator: " -> ")
        case .screenFailed(let url, let owner, let reason):
            "the screen for '\(url.shown)' of \(owner) failed to build: \(reason)"
        case .cannotBuildURL(let error):
            error.description
        case .serviceNotFound(let type, let provided):
            "no module provides \(type)"
                + (provided.isEmpty ? "" : "; provided: \(provided.joined(separator: ", "))")
        case .moduleDisabled(let url, let module):
            "'\(url.shown)' belongs to module \(module), which is disabled"
        case .activationFailed(let url, let plugin, let reason):
            "'\(url.shown)' needs plugin '\(plugin.shown)', which could not be activated: \(reason)"
        case .serviceNotActive(let type, let plugin):
            "the service \(type.shown) is provided by plugin '\(plugin.shown)', which is not active yet; ask for it with "
                + "'try await registry.activatedService(…)', which activates the plugin first"
        case .serviceActivationFailed(let type, let plugin, let reason):
            "the service \(type.shown) needs plugin '\(plugin.shown)', which could not be activated: \(reason)"
        case .pluginNotActive(let plugin):
            "plugin '\(plugin.shown)' is declared but not active, and nothing can activate it: keep the "
                + "PluginPopulation that declared it alive"
        case .pluginRefused(let url, let plugin, let reason):
            "'\(url.shown)' is not available: plugin '\(plugin.shown)' was refused: \(reason)"
        case .moduleQuarantined(let url, let module, let reason):
            "'\(url.shown)' is not available: module \(module) was quarantined at launch: \(reason)"
        }
    }
}

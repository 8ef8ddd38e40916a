import PlugboardRouting

/// Everything one module registered, held apart until the registry accepts all of it.
struct Contribution: Sendable {
    /// A route as registered, its pattern parsed but not yet checked against the routes there.
    struct PendingRoute: Sendable {
        /// A pattern parsed, or why it could not be.
        ///
        /// An enumeration of its own rather than a `Result`: copying a `Result` of these goes
        /// through the runtime's generic value witnesses, several times per route registered.
        enum Parsed: Sendable {
            case pattern(RoutePattern)
            case invalid(RoutePatternError)
        }

        var pattern: String
        /// The pattern parsed once, when the module registered it.
        var parsed: Parsed
        var title: String?
        /// A URL the route opens, which it must match.
        var example: String?
        var factory: ScreenFactory
        /// The inactive plugin whose manifest declared the route, for a placeholder.
        var inactivePlugin: String?
        /// Why that plugin was refused, for the placeholder of a plugin that cannot load.
        var refusal: String?

        init(pattern: String, title: String?, example: String? = nil, factory: @escaping ScreenFactory) {
            self.pattern = pattern
            do {
                parsed = .pattern(try RoutePattern(pattern))
            } catch {
                parsed = .invalid(error)
            }
            self.title = title
            self.example = example
            self.factory = factory
        }
    }

    /// An interceptor as registered, before its pattern is checked.
    struct PendingInterceptor: Sendable {
        enum Scope: Sendable {
            case pattern(String)
            case prefix(String)
        }

        var scope: Scope
        var priority: Int
        var decide: @Sendable (RouteRequest) async throws -> InterceptorDecision
    }

    var module: RegisteredModule
    var routes: [PendingRoute] = []
    var parameterTypes: [ParameterType] = []
    var interceptors: [PendingInterceptor] = []
    var fallbacks: [ScreenFactory] = []
    var tasks: [StartupTask] = []
    var services: [Service] = []
    var handlers: [EventHandler] = []
    var shutdowns: [ShutdownHandler] = []
}

/// One message between the host and a plugin process: values only, never objects. Encoded as a
/// JSON object with one key, the case's name (`{"post":{"request":4,…}}`), in one frame of a
/// ``WireConnection``; the four messages of an open, an action and a pop (`open`, `perform`,
/// `screen`, `release`) and the `hello` and `ready` of a first use take a compact form of bytes
/// instead, which their frame starts with a byte from 1 to 6 to say.
///
/// The plugin process starts with ``prepared(version:)``, and the host tells it what to serve
/// with ``hello(version:files:confinement:)``; the plugin process answers with
/// ``ready(version:plugins:routes:handlers:interceptors:fallback:launch:)`` once its plugins are loaded and launched, or
/// ``refused(reason:)``. Then the host asks, each request with a number of its own, and the
/// plugin process answers each with ``screen(request:state:)``, ``done(request:)`` or
/// ``failed(request:reason:)``;
/// between answers it may send ``navigate(screen:request:)`` when a screen's view model asks
/// for navigation.
///
/// ```swift
/// try connection.send(.open(request: 1, url: "app://notes", context: nil))
/// ```
public enum WireMessage: Codable, Sendable, Equatable {
    /// The version of this format that both sides must speak.
    ///
    /// ```swift
    /// WireMessage.version  // 9
    /// ```
    public static let version = 9

    /// The plugin process's first message, once it is started: it waits to be told which plugins
    /// to serve. A host may start a plugin process ahead, before it needs one.
    ///
    /// ```swift
    /// guard case .prepared(WireMessage.version) = try connection.receive() else { return }
    /// ```
    case prepared(version: Int)
    /// The host's first message: the plugin files the plugin process is to load and serve, in
    /// load order (one plugin, or a group that needs one another), and what the process may do,
    /// to which it confines itself before it loads them (`nil`: a host that trusts the plugins
    /// isolates them against their faults alone).
    ///
    /// ```swift
    /// let confinement = ProcessConfinement(granted: [], plugins: ["Notes"])
    /// try connection.send(.hello(version: WireMessage.version, files: ["plugins/libNotes.so"], confinement: confinement))
    /// ```
    case hello(version: Int, files: [String], confinement: ProcessConfinement?)
    /// The plugin process's first message: its plugins loaded (in the order of their files) and
    /// launched, the routes they serve, the events their modules handle, their interceptors, the
    /// module of their fallback (if one registered it), and its launch's report.
    ///
    /// ```swift
    /// if case .ready(_, let plugins, let routes, _, _, _, _) = message { print(plugins.map(\.name), routes.count) }
    /// ```
    case ready(
        version: Int, plugins: [WirePlugin], routes: [WireRoute], handlers: [WireHandler],
        interceptors: [WireInterceptor], fallback: String?, launch: LaunchReport)
    /// The plugin process's first message when its plugin could not be loaded or launched.
    ///
    /// ```swift
    /// if case .refused(let reason) = message { print(reason) }
    /// ```
    case refused(reason: String)
    /// Opens `url` with `context`: the plugin process builds its screen, runs its lifecycle and
    /// its `load()`, and answers with the screen.
    ///
    /// ```swift
    /// try connection.send(.open(request: 1, url: "app://notes", context: nil))
    /// ```
    case open(request: Int, url: String, context: WireValue?)
    /// Performs the action `action` of the screen numbered `screen`, with `text` if it takes
    /// text; the answer is the screen as it is after.
    ///
    /// ```swift
    /// try connection.send(.perform(request: 2, screen: 1, action: "save", text: nil))
    /// ```
    case perform(request: Int, screen: Int, action: String, text: String?)
    /// Posts the event named `event` (a ``LifecycleEvent``'s description) with `userInfo` to the
    /// handler numbered `handler` of the plugin process (its place among the handlers of
    /// ``ready(version:plugins:routes:handlers:interceptors:fallback:launch:)``): the host posts
    /// an event to each handler once, in its order of modules; answered with ``done(request:)``
    /// once the handler has run.
    ///
    /// ```swift
    /// try connection.send(.post(request: 3, handler: 0, event: "background", userInfo: [:]))
    /// ```
    case post(request: Int, handler: Int, event: String, userInfo: [String: String])
    /// Terminates the plugin process's application: its modules hear ``LifecycleEvent/terminate``
    /// and run their shutdown work; answered with ``done(request:)``.
    ///
    /// ```swift
    /// try connection.send(.terminate(request: 4))
    /// ```
    case terminate(request: Int)
    /// Asks the interceptor numbered `interceptor` to decide on `route`; answered with
    /// ``decision(request:decision:)``, or ``failed(request:reason:)`` when it throws.
    ///
    /// ```swift
    /// try connection.send(.intercept(request: 6, interceptor: 0, route: WireRouteRequest(request)))
    /// ```
    case intercept(request: Int, interceptor: Int, route: WireRouteRequest)
    /// The host shows the screen numbered `screen` again (a pop or a dismiss uncovered it):
    /// answered with ``screen(request:state:)``, the screen as it is now, since what it renders
    /// may have changed while it was covered.
    ///
    /// ```swift
    /// try connection.send(.show(request: 7, screen: 1))
    /// ```
    case show(request: Int, screen: Int)
    /// The host no longer shows the screen numbered `screen`.
    ///
    /// ```swift
    /// try connection.send(.release(screen: 1))
    /// ```
    case release(screen: Int)
    /// The answer to a request: the screen as it is now.
    ///
    /// ```swift
    /// if case .screen(let request, let state) = message { print(request, state.title) }
    /// ```
    case screen(request: Int, state: WireScreen)
    /// The answer to ``intercept(request:interceptor:route:)``: the interceptor's decision.
    ///
    /// ```swift
    /// if case .decision(_, .redirect(let url)) = message { print("to", url) }
    /// ```
    case decision(request: Int, decision: InterceptorDecision)
    /// The answer to a request that has no other answer: it was served.
    ///
    /// ```swift
    /// if case .done(let request) = message { print(request, "served") }
    /// ```
    case done(request: Int)
    /// The answer to a request that could not be served, saying why.
    ///
    /// ```swift
    /// if case .failed(let request, let reason) = message { print(request, reason) }
    /// ```
    case failed(request: Int, reason: String)
    /// The view model of the screen numbered `screen` asked for navigation.
    ///
    /// ```swift
    /// if case .navigate(let screen, let request) = message { print(screen, request.kind) }
    /// ```
    case navigate(screen: Int, request: WireNavigation)
}

/// One message between the host and a plugin process: values only, never objects. Encoded as a
/// JSON object with one key, the case's name (`{"open":{"request":1,"url":"app://notes"}}`), in
/// one frame of a ``WireConnection``.
///
/// The host starts with ``hello(version:)``; the plugin process answers with
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
    /// WireMessage.version  // 2
    /// ```
    public static let version = 2

    /// The host's first message.
    ///
    /// ```swift
    /// try connection.send(.hello(version: WireMessage.version))
    /// ```
    case hello(version: Int)
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
    /// Posts the event named `event` (a ``LifecycleEvent``'s description) with `userInfo` to
    /// the modules of the plugin process that handle it; answered with ``done(request:)`` once
    /// they have.
    ///
    /// ```swift
    /// try connection.send(.post(request: 3, event: "background", userInfo: [:]))
    /// ```
    case post(request: Int, event: String, userInfo: [String: String])
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

/// A plugin a plugin process runs, and its modules.
///
/// ```swift
/// WirePlugin(name: "Notes", version: "1.0.0", modules: ["NotesPlugin.NotesModule"])
/// ```
public struct WirePlugin: Codable, Sendable, Equatable {
    /// The plugin's name.
    ///
    /// ```swift
    /// plugin.name  // "Notes"
    /// ```
    public var name: String
    /// Its version.
    ///
    /// ```swift
    /// plugin.version  // "1.0.0"
    /// ```
    public var version: String
    /// Its modules.
    ///
    /// ```swift
    /// plugin.modules  // ["NotesPlugin.NotesModule"]
    /// ```
    public var modules: [String]
}

/// A module's handler of an event, in a plugin process.
///
/// ```swift
/// WireHandler(event: "background", module: "NotesPlugin.NotesModule")
/// ```
public struct WireHandler: Codable, Sendable, Equatable {
    /// The event's name, a ``LifecycleEvent``'s description.
    ///
    /// ```swift
    /// handler.event  // "background"
    /// ```
    public var event: String
    /// The module that handles it.
    ///
    /// ```swift
    /// handler.module  // "NotesPlugin.NotesModule"
    /// ```
    public var module: String
}

/// A route a plugin process serves, as the host declares it.
///
/// ```swift
/// WireRoute(pattern: "app://notes/:id", title: "A note", module: "NotesPlugin.NotesModule", plugin: "Notes")
/// ```
public struct WireRoute: Codable, Sendable, Equatable {
    /// The route's pattern.
    ///
    /// ```swift
    /// route.pattern  // "app://notes/:id"
    /// ```
    public var pattern: String
    /// Its title, if it has one.
    ///
    /// ```swift
    /// route.title  // "A note"
    /// ```
    public var title: String?
    /// The module that registered it.
    ///
    /// ```swift
    /// route.module  // "NotesPlugin.NotesModule"
    /// ```
    public var module: String
    /// The plugin whose module that is.
    ///
    /// ```swift
    /// route.plugin  // "Notes"
    /// ```
    public var plugin: String
}

/// A screen as it crosses: its number in the plugin process, title, rendered text and actions.
///
/// ```swift
/// print(state.title, state.text, state.actions.map(\.id))
/// ```
public struct WireScreen: Codable, Sendable, Equatable {
    /// The screen's number in its plugin process, for later requests about it.
    ///
    /// ```swift
    /// try connection.send(.perform(request: 2, screen: state.id, action: "save", text: nil))
    /// ```
    public var id: Int
    /// The screen's title.
    ///
    /// ```swift
    /// state.title  // "Notes"
    /// ```
    public var title: String
    /// The screen rendered as text.
    ///
    /// ```swift
    /// state.text  // "1. Groceries"
    /// ```
    public var text: String
    /// Its actions.
    ///
    /// ```swift
    /// state.actions.map(\.id)  // ["row 1", "add"]
    /// ```
    public var actions: [WireAction]
}

/// An action of a screen as it crosses.
///
/// ```swift
/// WireAction(id: "add", title: "Add a note", takesText: true, isEnabled: true)
/// ```
public struct WireAction: Codable, Sendable, Equatable {
    /// The action's identifier.
    ///
    /// ```swift
    /// action.id  // "add"
    /// ```
    public var id: String
    /// What it is called.
    ///
    /// ```swift
    /// action.title  // "Add a note"
    /// ```
    public var title: String
    /// Whether it takes text.
    ///
    /// ```swift
    /// action.takesText  // true
    /// ```
    public var takesText: Bool
    /// Whether it can be taken now.
    ///
    /// ```swift
    /// action.isEnabled  // false while the form is empty
    /// ```
    public var isEnabled: Bool
}

/// A navigation request as it crosses: its kind, URL and context, when the context can cross
/// (``WireValue``); or, when it cannot, why.
///
/// ```swift
/// WireNavigation(kind: .push, url: "app://circles")
/// ```
public struct WireNavigation: Codable, Sendable, Equatable {
    /// The kinds of ``NavigationRequest``.
    ///
    /// ```swift
    /// WireNavigation.Kind.push
    /// ```
    public enum Kind: String, Codable, Sendable {
        /// ``NavigationRequest/push(_:context:)``.
        ///
        /// ```swift
        /// WireNavigation(kind: .push, url: "app://circles")
        /// ```
        case push
        /// ``NavigationRequest/present(_:context:)``.
        ///
        /// ```swift
        /// WireNavigation(kind: .present, url: "app://login")
        /// ```
        case present
        /// ``NavigationRequest/replace(_:context:)``.
        ///
        /// ```swift
        /// WireNavigation(kind: .replace, url: "app://mine")
        /// ```
        case replace
        /// ``NavigationRequest/pop``.
        ///
        /// ```swift
        /// WireNavigation(kind: .pop, url: nil)
        /// ```
        case pop
        /// ``NavigationRequest/popToRoot``.
        ///
        /// ```swift
        /// WireNavigation(kind: .popToRoot, url: nil)
        /// ```
        case popToRoot
        /// ``NavigationRequest/dismiss``.
        ///
        /// ```swift
        /// WireNavigation(kind: .dismiss, url: nil)
        /// ```
        case dismiss
    }

    /// The kind of request.
    ///
    /// ```swift
    /// navigation.kind  // .push
    /// ```
    public var kind: Kind
    /// The URL, for a push, present or replace.
    ///
    /// ```swift
    /// navigation.url  // "app://circles"
    /// ```
    public var url: String?
    /// Its context, when it has one that can cross.
    ///
    /// ```swift
    /// navigation.context  // .string("Hiking")
    /// ```
    public var context: WireValue?
    /// Why its context could not cross, when it could not: the host refuses the navigation with
    /// this reason.
    ///
    /// ```swift
    /// navigation.refusal  // "the navigation to 'app://circles/1' carries a context of type …"
    /// ```
    public var refusal: String?

    /// A request of `kind` to `url`.
    ///
    /// ```swift
    /// WireNavigation(kind: .push, url: "app://circles/1", context: .string("Hiking"))
    /// ```
    /// - Parameters:
    ///   - kind: The kind of request.
    ///   - url: The URL, for a push, present or replace.
    ///   - context: Its context, if it has one.
    ///   - refusal: Why its context could not cross, if it could not.
    public init(kind: Kind, url: String?, context: WireValue? = nil, refusal: String? = nil) {
        self.kind = kind
        self.url = url
        self.context = context
        self.refusal = refusal
    }
}

extension WireNavigation {
    /// `request` as it crosses: its context as a ``WireValue``, or why it cannot cross.
    init(_ request: NavigationRequest) {
        func crossing(_ kind: Kind, _ url: String, _ context: (any Sendable)?) -> WireNavigation {
            guard let context else { return WireNavigation(kind: kind, url: url) }
            guard let value = WireValue(context) else {
                return WireNavigation(kind: kind, url: url, refusal: WireValue.refusal(of: context, to: url))
            }
            return WireNavigation(kind: kind, url: url, context: value)
        }
        switch request {
        case .push(let url, let context): self = crossing(.push, url, context)
        case .present(let url, let context): self = crossing(.present, url, context)
        case .replace(let url, let context): self = crossing(.replace, url, context)
        case .pop: self.init(kind: .pop, url: nil)
        case .popToRoot: self.init(kind: .popToRoot, url: nil)
        case .dismiss: self.init(kind: .dismiss, url: nil)
        }
    }

    /// The request it stands for, in the host; one whose context could not cross carries its
    /// refusal, which the navigator answers with ``NavigationError/contextCannotCross(_:)``.
    var request: NavigationRequest {
        let context: (any Sendable)? = refusal.map(UncrossableContext.init) ?? context?.context
        switch kind {
        case .push: return .push(url ?? "", context: context)
        case .present: return .present(url ?? "", context: context)
        case .replace: return .replace(url ?? "", context: context)
        case .pop: return .pop
        case .popToRoot: return .popToRoot
        case .dismiss: return .dismiss
        }
    }
}

/// The context of a navigation request whose own context could not cross from a plugin process:
/// the navigator refuses the request with its reason.
struct UncrossableContext: Sendable {
    let reason: String
}

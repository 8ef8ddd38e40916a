/// One message between the host and a plugin process: values only, never objects. Encoded as a
/// JSON object with one key, the case's name (`{"open":{"request":1,"url":"app://notes"}}`), in
/// one frame of a ``WireConnection``.
///
/// The host starts with ``hello(version:)``; the plugin process answers with
/// ``ready(version:plugin:pluginVersion:routes:)`` once its plugin is loaded and launched, or
/// ``refused(reason:)``. Then the host asks, each request with a number of its own, and the
/// plugin process answers each with ``screen(request:state:)`` or ``failed(request:reason:)``;
/// between answers it may send ``navigate(screen:request:)`` when a screen's view model asks
/// for navigation.
///
/// ```swift
/// try connection.send(.open(request: 1, url: "app://notes"))
/// ```
public enum WireMessage: Codable, Sendable, Equatable {
    /// The version of this format that both sides must speak.
    ///
    /// ```swift
    /// WireMessage.version  // 1
    /// ```
    public static let version = 1

    /// The host's first message.
    ///
    /// ```swift
    /// try connection.send(.hello(version: WireMessage.version))
    /// ```
    case hello(version: Int)
    /// The plugin process's first message: its plugin loaded and launched, and the routes it
    /// serves.
    ///
    /// ```swift
    /// if case .ready(_, let plugin, _, let routes) = message { print(plugin, routes.count) }
    /// ```
    case ready(version: Int, plugin: String, pluginVersion: String, routes: [WireRoute])
    /// The plugin process's first message when its plugin could not be loaded or launched.
    ///
    /// ```swift
    /// if case .refused(let reason) = message { print(reason) }
    /// ```
    case refused(reason: String)
    /// Opens `url`: the plugin process builds its screen, runs its lifecycle and its `load()`,
    /// and answers with the screen.
    ///
    /// ```swift
    /// try connection.send(.open(request: 1, url: "app://notes"))
    /// ```
    case open(request: Int, url: String)
    /// Performs the action `action` of the screen numbered `screen`, with `text` if it takes
    /// text; the answer is the screen as it is after.
    ///
    /// ```swift
    /// try connection.send(.perform(request: 2, screen: 1, action: "save", text: nil))
    /// ```
    case perform(request: Int, screen: Int, action: String, text: String?)
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

/// A route a plugin process serves, as the host declares it.
///
/// ```swift
/// WireRoute(pattern: "app://notes/:id", title: "A note", module: "NotesPlugin.NotesModule")
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

/// A navigation request as it crosses: its kind and URL (a `context` does not cross).
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
}

extension WireNavigation {
    /// `request` as it crosses; `nil` when it carries a `context`, which cannot cross.
    init?(_ request: NavigationRequest) {
        switch request {
        case .push(let url, nil): self.init(kind: .push, url: url)
        case .present(let url, nil): self.init(kind: .present, url: url)
        case .replace(let url, nil): self.init(kind: .replace, url: url)
        case .push, .present, .replace: return nil
        case .pop: self.init(kind: .pop, url: nil)
        case .popToRoot: self.init(kind: .popToRoot, url: nil)
        case .dismiss: self.init(kind: .dismiss, url: nil)
        }
    }

    /// The request it stands for, in the host.
    var request: NavigationRequest {
        switch kind {
        case .push: .push(url ?? "")
        case .present: .present(url ?? "")
        case .replace: .replace(url ?? "")
        case .pop: .pop
        case .popToRoot: .popToRoot
        case .dismiss: .dismiss
        }
    }
}

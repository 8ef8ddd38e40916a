/// Something that happens to the application, delivered to every module that handles it.
///
/// ```swift
/// registrar.on(.foreground) { _ in await Feed.shared.refresh() }
/// registrar.on(.custom("user.logged-in")) { event in print(event.userInfo["account"] ?? "") }
/// ```
public enum LifecycleEvent: Sendable, Hashable, CustomStringConvertible {
    /// The launch phase finished and the application is ready.
    ///
    /// ```swift
    /// registrar.on(.launch) { _ in print("the app is ready") }
    /// ```
    case launch
    /// The application came to the foreground.
    ///
    /// ```swift
    /// await app.post(Event(.foreground))
    /// ```
    case foreground
    /// The application went to the background.
    ///
    /// ```swift
    /// registrar.on(.background) { _ in await Drafts.shared.save() }
    /// ```
    case background
    /// The application is terminating.
    ///
    /// ```swift
    /// registrar.on(.terminate) { _ in print("bye") }
    /// ```
    case terminate
    /// An event a module posts for the others, for example `custom("user.logged-in")`.
    ///
    /// ```swift
    /// await app.post(Event(.custom("user.logged-in"), userInfo: ["account": "ann"]))
    /// ```
    case custom(String)

    /// `launch`, `foreground`, … or the custom event's name.
    ///
    /// ```swift
    /// LifecycleEvent.custom("user.logged-in").description  // "user.logged-in"
    /// ```
    public var description: String {
        switch self {
        case .launch: "launch"
        case .foreground: "foreground"
        case .background: "background"
        case .terminate: "terminate"
        case .custom(let name): name
        }
    }
}

extension LifecycleEvent {
    /// The event whose ``description`` is `name`: a custom event for a name of no lifecycle event.
    init(named name: String) {
        switch name {
        case "launch": self = .launch
        case "foreground": self = .foreground
        case "background": self = .background
        case "terminate": self = .terminate
        default: self = .custom(name)
        }
    }
}

/// A lifecycle event as delivered: the event and the values posted with it.
///
/// ```swift
/// registrar.on(.custom("open-url")) { event in
///     guard let url = event.userInfo["url"] else { return }
///     print("open", url)
/// }
/// ```
public struct Event: Sendable, Hashable {
    /// What happened.
    ///
    /// ```swift
    /// registrar.on(.foreground) { event in print(event.kind) }  // foreground
    /// ```
    public let kind: LifecycleEvent
    /// Values posted with the event, for example a deep link's URL.
    ///
    /// ```swift
    /// event.userInfo["url"]  // "app://circles/42"
    /// ```
    public let userInfo: [String: String]

    /// Creates an event.
    /// - Parameters:
    ///   - kind: What happened.
    ///   - userInfo: Values for the handlers.
    ///
    /// ```swift
    /// let event = Event(.custom("open-url"), userInfo: ["url": "app://circles/42"])
    /// ```
    public init(_ kind: LifecycleEvent, userInfo: [String: String] = [:]) {
        self.kind = kind
        self.userInfo = userInfo
    }
}

/// A module's handler for one kind of lifecycle event.
///
/// ```swift
/// for handler in Registry.shared.snapshot.handlers { print(handler.event, handler.owner.module) }
/// ```
public struct EventHandler: Sendable {
    /// The event the handler receives.
    ///
    /// ```swift
    /// snapshot.handlers.filter { $0.event == .terminate }.count
    /// ```
    public let event: LifecycleEvent
    /// The module that registered the handler.
    ///
    /// ```swift
    /// snapshot.handlers.map(\.owner.module)
    /// ```
    public let owner: Owner
    let body: @Sendable (Event) async -> Void
}

/// Work a module runs when the application terminates, in reverse dependency order.
///
/// ```swift
/// registrar.onShutdown { await Database.shared.close() }
/// Registry.shared.snapshot.shutdowns.count  // 1
/// ```
public struct ShutdownHandler: Sendable {
    /// The module that registered the work.
    ///
    /// ```swift
    /// snapshot.shutdowns.map(\.owner.module)
    /// ```
    public let owner: Owner
    let body: @Sendable () async -> Void
}

/// Something that happens to the application, delivered to every module that handles it.
public enum LifecycleEvent: Sendable, Hashable, CustomStringConvertible {
    /// The launch phase finished and the application is ready.
    case launch
    /// The application came to the foreground.
    case foreground
    /// The application went to the background.
    case background
    /// The application is terminating.
    case terminate
    /// An event a module posts for the others, for example `custom("user.logged-in")`.
    case custom(String)

    /// `launch`, `foreground`, … or the custom event's name.
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

/// A lifecycle event as delivered: the event and the values posted with it.
public struct Event: Sendable, Hashable {
    /// What happened.
    public let kind: LifecycleEvent
    /// Values posted with the event, for example a deep link's URL.
    public let userInfo: [String: String]

    /// Creates an event.
    /// - Parameters:
    ///   - kind: What happened.
    ///   - userInfo: Values for the handlers.
    public init(_ kind: LifecycleEvent, userInfo: [String: String] = [:]) {
        self.kind = kind
        self.userInfo = userInfo
    }
}

/// A module's handler for one kind of lifecycle event.
public struct EventHandler: Sendable {
    /// The event the handler receives.
    public let event: LifecycleEvent
    /// The module that registered the handler.
    public let owner: Owner
    let body: @Sendable (Event) async -> Void
}

/// Work a module runs when the application terminates, in reverse dependency order.
public struct ShutdownHandler: Sendable {
    /// The module that registered the work.
    public let owner: Owner
    let body: @Sendable () async -> Void
}

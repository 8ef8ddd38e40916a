/// A view model: state as properties, intents as commands, and navigation as requests on a signal.
///
/// A view model never imports another module: to show another module's screen it sends a
/// route URL on ``navigation`` and the ``Navigator`` resolves it.
///
/// ```swift
/// final class CircleListViewModel: ViewModel {
///     let navigation = Signal<NavigationRequest>()
///     func tap(row: Int) { navigation.send(.push("app://circles/\(ids[row])")) }
/// }
/// ```
public protocol ViewModel: AnyObject, Sendable {
    /// Where the view model asks for navigation.
    ///
    /// ```swift
    /// final class CirclesViewModel: ViewModel {
    ///     let navigation = Signal<NavigationRequest>()
    ///     func open(_ id: Int) { navigation.send(.push("app://circles/\(id)")) }
    /// }
    /// ```
    var navigation: Signal<NavigationRequest> { get }

    /// Called once after the screen's subviews are set up and before it binds the view model.
    ///
    /// ```swift
    /// func initialize() { refresh.values.observe { [rows] in rows.value = $0 }.store(in: bag) }
    /// ```
    func initialize()
}

extension ViewModel {
    /// Nothing to initialize.
    ///
    /// ```swift
    /// final class StaticViewModel: ViewModel {
    ///     let navigation = Signal<NavigationRequest>()  // initialize() does nothing
    /// }
    /// ```
    public func initialize() {}
}

/// A view model's request to navigate.
///
/// ```swift
/// navigation.send(.push("app://circles/42"))
/// navigation.send(.present("app://login"))
/// navigation.send(.pop)
/// ```
public enum NavigationRequest: Sendable, CustomStringConvertible {
    /// Push the screen of `url` on the current stack.
    ///
    /// ```swift
    /// navigation.send(.push("app://circles/42", context: CirclePreview(name: "Hiking")))
    /// ```
    case push(String, context: (any Sendable)? = nil)
    /// Present the screen of `url` modally, on a stack of its own.
    ///
    /// ```swift
    /// navigation.send(.present("app://login?next=app%3A%2F%2Fmine"))
    /// ```
    case present(String, context: (any Sendable)? = nil)
    /// Replace the top screen with the screen of `url`.
    ///
    /// ```swift
    /// navigation.send(.replace("app://mine/wallet"))  // e.g. after logging in
    /// ```
    case replace(String, context: (any Sendable)? = nil)
    /// Pop the top screen.
    ///
    /// ```swift
    /// navigation.send(.pop)
    /// ```
    case pop
    /// Pop to the current stack's root.
    ///
    /// ```swift
    /// navigation.send(.popToRoot)
    /// ```
    case popToRoot
    /// Dismiss the presented stack.
    ///
    /// ```swift
    /// navigation.send(.dismiss)  // closes the login stack
    /// ```
    case dismiss

    /// `push app://circles/42`, `pop`, ….
    ///
    /// ```swift
    /// NavigationRequest.push("app://circles/42").description  // "push app://circles/42"
    /// ```
    public var description: String {
        switch self {
        case .push(let url, _): "push \(url)"
        case .present(let url, _): "present \(url)"
        case .replace(let url, _): "replace with \(url)"
        case .pop: "pop"
        case .popToRoot: "pop to root"
        case .dismiss: "dismiss"
        }
    }
}

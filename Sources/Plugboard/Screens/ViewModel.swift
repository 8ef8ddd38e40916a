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
    var navigation: Signal<NavigationRequest> { get }

    /// Called once after the screen's subviews are set up and before it binds the view model.
    func initialize()
}

extension ViewModel {
    /// Nothing to initialize.
    public func initialize() {}
}

/// A view model's request to navigate.
public enum NavigationRequest: Sendable, CustomStringConvertible {
    /// Push the screen of `url` on the current stack.
    case push(String, context: (any Sendable)? = nil)
    /// Present the screen of `url` modally, on a stack of its own.
    case present(String, context: (any Sendable)? = nil)
    /// Replace the top screen with the screen of `url`.
    case replace(String, context: (any Sendable)? = nil)
    /// Pop the top screen.
    case pop
    /// Pop to the current stack's root.
    case popToRoot
    /// Dismiss the presented stack.
    case dismiss

    /// `push app://circles/42`, `pop`, ….
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

/// What a route opens: a headless presentation of one page of the application.
///
/// A screen pairs a ``ViewModel`` with what a user would see: a title, a text rendering, and
/// named actions a person or a test can take. The ``Navigator`` calls its lifecycle in the
/// articles' order: ``setUpNavigation()``, ``setUpSubviews()``, then ``bindViewModel()``.
///
/// ```swift
/// final class GreetingScreen: Screen {
///     let title = "Hello"
///     func render() -> String { "Hello from the greeter plugin!" }
/// }
/// ```
@MainActor
public protocol Screen: AnyObject {
    /// The title a navigation bar would show.
    var title: String { get }

    /// A text rendering of what a user would see: rows, fields, buttons, refresh state.
    func render() -> String

    /// What a user can do on this screen, in display order.
    var actions: [ScreenAction] { get }

    /// The screen's view model, whose ``ViewModel/navigation`` requests the navigator follows.
    var viewModel: (any ViewModel)? { get }

    /// First lifecycle step: navigation bar set-up.
    func setUpNavigation()

    /// Second lifecycle step: subviews.
    func setUpSubviews()

    /// Third lifecycle step: binding the view model's properties and commands to the screen.
    func bindViewModel()

    /// Last step: loads what the screen shows first (for example its first page); the navigator
    /// waits for it before the screen counts as shown.
    func load() async
}

extension Screen {
    /// No actions.
    public var actions: [ScreenAction] { [] }
    /// No view model.
    public var viewModel: (any ViewModel)? { nil }
    /// Nothing to set up.
    public func setUpNavigation() {}
    /// Nothing to set up.
    public func setUpSubviews() {}
    /// Nothing to bind.
    public func bindViewModel() {}
    /// Nothing to load.
    public func load() async {}
}

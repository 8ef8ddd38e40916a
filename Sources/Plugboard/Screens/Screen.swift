/// What a route opens: a headless presentation of one page of the application.
///
/// A screen pairs a ``ViewModel`` with what a user would see: a title, a text rendering, and
/// named actions a person or a test can take. The ``Navigator`` calls its lifecycle in the
/// articles' order: ``setUpNavigation()``, ``setUpSubviews()``, its view model's
/// ``ViewModel/initialize()``, ``bindViewModel()``, then ``load()``; once the screen is shown,
/// ``render()`` and ``actions`` are read each time it is shown.
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
    ///
    /// ```swift
    /// final class CircleScreen: Screen {
    ///     var title: String { "Circle \(id)" }
    ///     let id: Int
    ///     init(id: Int) { self.id = id }
    ///     func render() -> String { "members: 128" }
    /// }
    /// ```
    var title: String { get }

    /// A text rendering of what a user would see: rows, fields, buttons, refresh state.
    ///
    /// ```swift
    /// func render() -> String {
    ///     model.rows.value.enumerated().map { "\($0 + 1). \($1)" }.joined(separator: "\n")
    /// }
    /// ```
    func render() -> String

    /// What a user can do on this screen, in display order.
    ///
    /// ```swift
    /// var actions: [ScreenAction] {
    ///     [ScreenAction("refresh", title: "Refresh") { _ in await self.model.refresh.execute(()) }]
    /// }
    /// ```
    var actions: [ScreenAction] { get }

    /// The screen's view model, whose ``ViewModel/navigation`` requests the navigator follows.
    ///
    /// ```swift
    /// let model = CirclesViewModel()
    /// var viewModel: (any ViewModel)? { model }
    /// ```
    var viewModel: (any ViewModel)? { get }

    /// First lifecycle step: navigation bar set-up.
    ///
    /// ```swift
    /// func setUpNavigation() { backTitle = "Circles" }
    /// ```
    func setUpNavigation()

    /// Second lifecycle step: subviews.
    ///
    /// ```swift
    /// func setUpSubviews() { rows = [] }
    /// ```
    func setUpSubviews()

    /// Third lifecycle step: binding the view model's properties and commands to the screen.
    ///
    /// ```swift
    /// func bindViewModel() {
    ///     model.rows.observe { [weak self] in self?.rows = $0 }.store(in: bag)
    /// }
    /// ```
    func bindViewModel()

    /// Last step: loads what the screen shows first (for example its first page); the navigator
    /// waits for it before the screen counts as shown.
    ///
    /// ```swift
    /// func load() async { await model.refresh.execute(()) }
    /// ```
    func load() async
}

extension Screen {
    /// No actions.
    ///
    /// ```swift
    /// final class AboutScreen: Screen {
    ///     let title = "About"
    ///     func render() -> String { "Plugboard demo" }  // actions is []
    /// }
    /// ```
    public var actions: [ScreenAction] { [] }
    /// No view model.
    ///
    /// ```swift
    /// AboutScreen().viewModel  // nil: a static screen needs none
    /// ```
    public var viewModel: (any ViewModel)? { nil }
    /// Nothing to set up.
    ///
    /// ```swift
    /// AboutScreen().setUpNavigation()  // does nothing
    /// ```
    public func setUpNavigation() {}
    /// Nothing to set up.
    ///
    /// ```swift
    /// AboutScreen().setUpSubviews()  // does nothing
    /// ```
    public func setUpSubviews() {}
    /// Nothing to bind.
    ///
    /// ```swift
    /// AboutScreen().bindViewModel()  // does nothing
    /// ```
    public func bindViewModel() {}
    /// Nothing to load.
    ///
    /// ```swift
    /// await AboutScreen().load()  // returns at once
    /// ```
    public func load() async {}
}

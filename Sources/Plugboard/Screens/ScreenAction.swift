/// Something a user can do on a screen: tap a row, type into a field, press a button, pull to
/// refresh, load the next page.
///
/// ```swift
/// ScreenAction("login", title: "Log in") { _ in await viewModel.login.execute(()) }
/// ScreenAction("account", title: "Account", takesText: true) { text in viewModel.account.value = text ?? "" }
/// ```
public struct ScreenAction: Sendable {
    /// A short identifier a person or a test uses, e.g. `row 3`, `login`, `refresh`.
    ///
    /// ```swift
    /// screen.actions.map(\.id)  // ["row 1", "row 2", "refresh"]
    /// ```
    public let id: String
    /// What the user sees.
    ///
    /// ```swift
    /// screen.actions.map(\.title)  // ["Hiking", "Chess", "Refresh"]
    /// ```
    public let title: String
    /// Whether the action takes typed text.
    ///
    /// ```swift
    /// screen.actions.filter(\.takesText).map(\.id)  // ["account", "password"]
    /// ```
    public let takesText: Bool
    /// Whether the action can be taken now (a disabled button).
    ///
    /// ```swift
    /// ScreenAction("login", title: "Log in", isEnabled: model.login.isEnabled.value) { _ in
    ///     await model.login.execute(())
    /// }
    /// ```
    public let isEnabled: Bool
    let perform: @MainActor @Sendable (String?) async -> Void

    /// Creates an action.
    /// - Parameters:
    ///   - id: The identifier, unique on its screen.
    ///   - title: What the user sees.
    ///   - takesText: Whether the action takes typed text.
    ///   - isEnabled: Whether it can be taken now.
    ///   - perform: The work; it receives the typed text, if any.
    ///
    /// ```swift
    /// ScreenAction("row \(index)", title: circle.name) { _ in model.open(circle) }
    /// ```
    public init(
        _ id: String,
        title: String,
        takesText: Bool = false,
        isEnabled: Bool = true,
        perform: @escaping @MainActor @Sendable (String?) async -> Void
    ) {
        self.id = id
        self.title = title
        self.takesText = takesText
        self.isEnabled = isEnabled
        self.perform = perform
    }
}

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

/// What a route opens: a headless presentation of one page of the application.
///
/// ```swift
/// final class GreetingScreen: Screen {
///     let title = "Hello"
///     func render() -> String { "Hello from the greeter plugin!" }
/// }
/// ```
public protocol Screen: AnyObject {
    /// The title a navigation bar would show.
    var title: String { get }

    /// A text rendering of what a user would see.
    func render() -> String
}

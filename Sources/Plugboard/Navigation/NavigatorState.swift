/// The navigator's state as plain values that tests compare.
///
/// ```swift
/// try await navigator.open("app://circles")
/// try await navigator.perform("row 1")
/// #expect(navigator.state.description == "Circles > Hiking")
/// ```
public struct NavigatorState: Sendable, Hashable, CustomStringConvertible {
    /// One screen on a stack.
    ///
    /// ```swift
    /// navigator.state.top  // Page(url: "app://circles/1", title: "Hiking")
    /// ```
    public struct Page: Sendable, Hashable {
        /// The URL that opened it.
        ///
        /// ```swift
        /// navigator.state.top?.url  // "app://circles/1"
        /// ```
        public let url: String
        /// Its title.
        ///
        /// ```swift
        /// navigator.state.top?.title  // "Hiking"
        /// ```
        public let title: String

        /// Creates a page.
        ///
        /// ```swift
        /// #expect(navigator.state.top == NavigatorState.Page(url: "app://circles/1", title: "Hiking"))
        /// ```
        public init(url: String, title: String) {
            self.url = url
            self.title = title
        }
    }

    /// The stacks, the root stack first; each presented stack follows the one it covers.
    ///
    /// ```swift
    /// navigator.state.stacks.map { $0.map(\.title) }  // [["Circles", "Hiking"], ["Login"]]
    /// ```
    public let stacks: [[Page]]

    /// The top screen, if any.
    ///
    /// ```swift
    /// navigator.state.top?.title  // the title of the screen a user sees
    /// ```
    public var top: Page? { stacks.last?.last }

    /// The stacks, one line each: `Circles > Circle 42 | Login`.
    ///
    /// ```swift
    /// print(navigator.state)  // Circles > Hiking | Login
    /// ```
    public var description: String {
        stacks.map { $0.map(\.title).joined(separator: " > ") }.joined(separator: " | ")
    }
}

/// One change of the navigation stack.
///
/// ```swift
/// for transition in navigator.history { print(transition) }  // push app://circles, present app://login, …
/// ```
public struct Transition: Sendable, Hashable, CustomStringConvertible {
    /// What happened.
    ///
    /// ```swift
    /// navigator.history.map(\.kind)  // [.push, .push, .pop]
    /// ```
    public enum Kind: String, Sendable, Hashable {
        /// A screen was pushed on the current stack.
        ///
        /// ```swift
        /// try await navigator.open("app://circles/42")
        /// navigator.history.last?.kind  // .push
        /// ```
        case push
        /// A screen was presented on a stack of its own.
        ///
        /// ```swift
        /// try await navigator.show(.present("app://login"))
        /// navigator.history.last?.kind  // .present
        /// ```
        case present
        /// The top screen was replaced.
        ///
        /// ```swift
        /// try await navigator.show(.replace("app://circles/7"))
        /// navigator.history.last?.kind  // .replace
        /// ```
        case replace
        /// The top screen was popped.
        ///
        /// ```swift
        /// try await navigator.pop()
        /// navigator.history.last?.kind  // .pop
        /// ```
        case pop
        /// The current stack was popped to its root.
        ///
        /// ```swift
        /// try await navigator.show(.popToRoot)
        /// navigator.history.last?.kind.rawValue  // "pop to root"
        /// ```
        case popToRoot = "pop to root"
        /// The presented stack was dismissed.
        ///
        /// ```swift
        /// try await navigator.show(.dismiss)
        /// navigator.history.last?.kind  // .dismiss
        /// ```
        case dismiss
    }

    /// What happened.
    ///
    /// ```swift
    /// navigator.history.last?.kind  // .pop
    /// ```
    public let kind: Kind
    /// The URL of the screen shown (for push, present and replace) or removed.
    ///
    /// ```swift
    /// navigator.history.last?.url  // "app://circles/1"
    /// ```
    public let url: String
    /// The URLs interceptors redirected through on the way.
    ///
    /// ```swift
    /// navigator.history.last?.redirects  // ["app://login?next=app%3A%2F%2Fmine%2Fwallet"]
    /// ```
    public let redirects: [String]

    /// `push app://circles/42`.
    ///
    /// ```swift
    /// navigator.history.map(\.description)  // ["push app://circles", "pop app://circles/1"]
    /// ```
    public var description: String {
        "\(kind.rawValue) \(url)" + (redirects.isEmpty ? "" : " (redirected via \(redirects.joined(separator: ", ")))")
    }
}

/// A screen or view model still alive after the navigator let go of it.
///
/// ```swift
/// for leak in navigator.leaks { print(leak) }
/// ```
public struct LeakReport: Sendable, Hashable, CustomStringConvertible {
    /// The leaked object's type.
    ///
    /// ```swift
    /// navigator.leaks.map(\.type)  // ["CircleViewModel"]
    /// ```
    public let type: String
    /// The URL of the screen it belonged to.
    ///
    /// ```swift
    /// navigator.leaks.map(\.url)  // ["app://circles/42"]
    /// ```
    public let url: String

    /// Creates a report.
    ///
    /// ```swift
    /// #expect(navigator.leaks == [LeakReport(type: "CircleViewModel", url: "app://circles/42")])
    /// ```
    public init(type: String, url: String) {
        self.type = type
        self.url = url
    }

    /// `leak: CircleViewModel of app://circles/42 is still alive after it was removed`.
    ///
    /// ```swift
    /// navigator.leaks.forEach { print($0.description) }
    /// ```
    public var description: String {
        "leak: \(type) of \(url) is still alive after it was removed"
    }
}

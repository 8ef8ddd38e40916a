/// The navigator's state as plain values that tests compare.
public struct NavigatorState: Sendable, Hashable, CustomStringConvertible {
    /// One screen on a stack.
    public struct Page: Sendable, Hashable {
        /// The URL that opened it.
        public let url: String
        /// Its title.
        public let title: String

        /// Creates a page.
        public init(url: String, title: String) {
            self.url = url
            self.title = title
        }
    }

    /// The stacks, the root stack first; each presented stack follows the one it covers.
    public let stacks: [[Page]]

    /// The top screen, if any.
    public var top: Page? { stacks.last?.last }

    /// The stacks, one line each: `Circles > Circle 42 | Login`.
    public var description: String {
        stacks.map { $0.map(\.title).joined(separator: " > ") }.joined(separator: " | ")
    }
}

/// One change of the navigation stack.
public struct Transition: Sendable, Hashable, CustomStringConvertible {
    /// What happened.
    public enum Kind: String, Sendable, Hashable {
        case push, present, replace, pop
        case popToRoot = "pop to root"
        case dismiss
    }

    /// What happened.
    public let kind: Kind
    /// The URL of the screen shown (for push, present and replace) or removed.
    public let url: String
    /// The URLs interceptors redirected through on the way.
    public let redirects: [String]

    /// `push app://circles/42`.
    public var description: String {
        "\(kind.rawValue) \(url)" + (redirects.isEmpty ? "" : " (redirected via \(redirects.joined(separator: ", ")))")
    }
}

/// A screen or view model still alive after the navigator let go of it.
public struct LeakReport: Sendable, Hashable, CustomStringConvertible {
    /// The leaked object's type.
    public let type: String
    /// The URL of the screen it belonged to.
    public let url: String

    /// Creates a report.
    public init(type: String, url: String) {
        self.type = type
        self.url = url
    }

    /// `leak: CircleViewModel of app://circles/42 is still alive after it was popped`.
    public var description: String {
        "leak: \(type) of \(url) is still alive after it was removed"
    }
}

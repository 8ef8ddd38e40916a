public import PlugboardRouting

/// What an interceptor decides about a request.
///
/// ```swift
/// registrar.intercept(prefix: "app://account/") { request in
///     if session.isLoggedIn { return .proceed }
///     return .redirect(to: "app://login", returningTo: request.url)
/// }
/// ```
public enum InterceptorDecision: Sendable, Hashable, Codable {
    /// Let the request go on (to the next interceptor, then to the route).
    ///
    /// ```swift
    /// registrar.intercept(prefix: "app://") { _ in .proceed }
    /// ```
    case proceed
    /// Open another URL instead, e.g. `app://login?next=<original>`.
    ///
    /// ```swift
    /// registrar.intercept(pattern: "app://legacy/:id") { request in
    ///     .redirect(to: "app://circles/\(try request.string("id"))")
    /// }
    /// ```
    case redirect(to: String)
    /// Refuse the request; the reason is shown to the user.
    ///
    /// ```swift
    /// registrar.intercept(pattern: "app://admin") { _ in .reject(reason: "only administrators may open this") }
    /// ```
    case reject(reason: String)
}

/// Which requests an interceptor sees.
///
/// ```swift
/// for interceptor in Registry.shared.snapshot.interceptors {
///     print(interceptor.scope, "by", interceptor.owner.module)
/// }
/// ```
public enum InterceptorScope: Sendable, Hashable, CustomStringConvertible {
    /// Requests whose matched pattern is this one (parameter names aside).
    ///
    /// ```swift
    /// registrar.intercept(pattern: "app://mine/wallet") { _ in .proceed }  // scope .pattern(…)
    /// ```
    case pattern(RoutePattern)
    /// Requests whose URL starts with this prefix (scheme and host compared without case).
    ///
    /// ```swift
    /// registrar.intercept(prefix: "app://account/") { _ in .proceed }  // scope .prefix("app://account/")
    /// ```
    case prefix(String)

    /// `pattern app://mine/wallet` or `prefix app://account/`.
    ///
    /// ```swift
    /// print(interceptor.scope)  // prefix app://account/
    /// ```
    public var description: String {
        switch self {
        case .pattern(let pattern): "pattern \(pattern)"
        case .prefix(let prefix): "prefix \(prefix)"
        }
    }

    func covers(url: String, pattern matched: RoutePattern?) -> Bool {
        switch self {
        case .pattern(let pattern):
            return matched.map { $0.description == pattern.description } ?? false
        case .prefix(let prefix):
            return Self.lowercasingOrigin(url).hasPrefix(Self.lowercasingOrigin(prefix))
        }
    }

    /// `text` with its `scheme://host` part lowercased and the rest as is: paths keep their case.
    private static func lowercasingOrigin(_ text: String) -> String {
        guard let separator = text.firstRange(of: "://") else { return text }
        let hostEnd = text[separator.upperBound...].firstIndex { "/?#".contains($0) } ?? text.endIndex
        return text[..<hostEnd].lowercased() + text[hostEnd...]
    }
}

/// A guard on routes: runs before the route's screen is built and may redirect or reject.
///
/// Interceptors run in ascending ``priority``, then registration order; the first that does not
/// proceed decides.
///
/// ```swift
/// registrar.intercept(prefix: "app://mine/", priority: -10) { request in
///     session.isLoggedIn ? .proceed : .redirect(to: "app://login", returningTo: request.url)
/// }
/// ```
public struct Interceptor: Sendable {
    /// Which requests it sees.
    ///
    /// ```swift
    /// snapshot.interceptors.map(\.scope.description)  // ["prefix app://mine/", …]
    /// ```
    public let scope: InterceptorScope
    /// Lower runs first.
    ///
    /// ```swift
    /// registrar.intercept(prefix: "app://", priority: -100) { _ in .proceed }  // runs before priority 0
    /// ```
    public let priority: Int
    /// The module that registered it.
    ///
    /// ```swift
    /// snapshot.interceptors.map(\.owner.module)  // who guards what
    /// ```
    public let owner: Owner
    let decide: @Sendable (RouteRequest) async throws -> InterceptorDecision
}

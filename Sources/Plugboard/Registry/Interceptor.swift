public import PlugboardRouting

/// What an interceptor decides about a request.
public enum InterceptorDecision: Sendable, Hashable {
    /// Let the request go on (to the next interceptor, then to the route).
    case proceed
    /// Open another URL instead, e.g. `app://login?next=<original>`.
    case redirect(to: String)
    /// Refuse the request; the reason is shown to the user.
    case reject(reason: String)
}

/// Which requests an interceptor sees.
public enum InterceptorScope: Sendable, Hashable, CustomStringConvertible {
    /// Requests whose matched pattern is this one (parameter names aside).
    case pattern(RoutePattern)
    /// Requests whose URL starts with this prefix (scheme and host compared without case).
    case prefix(String)

    /// `pattern app://mine/wallet` or `prefix app://account/`.
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
public struct Interceptor: Sendable {
    /// Which requests it sees.
    public let scope: InterceptorScope
    /// Lower runs first.
    public let priority: Int
    /// The module that registered it.
    public let owner: Owner
    let decide: @Sendable (RouteRequest) async throws -> InterceptorDecision
}

/// An interceptor of a plugin process's module, as the host registers its proxy: its scope, its
/// priority and its number there, by which the host asks it to decide.
///
/// ```swift
/// WireInterceptor(number: 0, pattern: nil, prefix: "app://mine/", priority: -10, module: "Account.Module")
/// ```
public struct WireInterceptor: Codable, Sendable, Equatable {
    /// Its number among the plugin process's interceptors.
    ///
    /// ```swift
    /// try connection.send(.intercept(request: 5, interceptor: interceptor.number, route: route))
    /// ```
    public var number: Int
    /// The route pattern it guards, when it guards one.
    ///
    /// ```swift
    /// interceptor.pattern  // "app://mine/wallet"
    /// ```
    public var pattern: String?
    /// The URL prefix it guards, when it guards one.
    ///
    /// ```swift
    /// interceptor.prefix  // "app://mine/"
    /// ```
    public var prefix: String?
    /// Its priority: lower runs first.
    ///
    /// ```swift
    /// interceptor.priority  // -10
    /// ```
    public var priority: Int
    /// The module that registered it.
    ///
    /// ```swift
    /// interceptor.module  // "AccountPlugin.AccountModule"
    /// ```
    public var module: String
}

/// A route request as it crosses to a plugin process's interceptor: its URL, the pattern it
/// matched, its parameters and its context, when that is a value (``WireValue``; another context
/// does not cross, and the interceptor sees none).
///
/// ```swift
/// WireRouteRequest(RouteRequest(url: "app://mine/wallet", pattern: nil, parameters: RouteParameters()))
/// ```
public struct WireRouteRequest: Codable, Sendable, Equatable {
    /// The URL requested.
    ///
    /// ```swift
    /// route.url  // "app://mine/wallet"
    /// ```
    public var url: String
    /// The pattern it matched, if any.
    ///
    /// ```swift
    /// route.pattern  // "app://mine/wallet"
    /// ```
    public var pattern: String?
    /// Its path parameters, each a name and a value.
    ///
    /// ```swift
    /// route.path  // [["id", "42"]]
    /// ```
    public var path: [[String]]
    /// Its query items, each a name and a value.
    ///
    /// ```swift
    /// route.query  // [["tab", "members"]]
    /// ```
    public var query: [[String]]
    /// Its fragment, if any.
    ///
    /// ```swift
    /// route.fragment  // "top"
    /// ```
    public var fragment: String?
    /// Its context, when it is a value.
    ///
    /// ```swift
    /// route.context  // .string("Hiking")
    /// ```
    public var context: WireValue?

    /// `request` as it crosses.
    ///
    /// ```swift
    /// let route = WireRouteRequest(request)
    /// ```
    public init(_ request: RouteRequest) {
        url = request.url
        pattern = request.pattern?.description
        path = request.parameters.path.map { [$0.name, $0.value] }
        query = request.parameters.query.map { [$0.name, $0.value] }
        fragment = request.parameters.fragment
        context = request.context.flatMap(WireValue.init)
    }

    /// The request it stands for, in the plugin process.
    var request: RouteRequest {
        func pairs(_ list: [[String]]) -> [(String, String)] {
            list.compactMap { $0.count == 2 ? ($0[0], $0[1]) : nil }
        }
        return RouteRequest(
            url: url, pattern: pattern.flatMap { try? RoutePattern($0) },
            parameters: RouteParameters(path: pairs(path), query: pairs(query), fragment: fragment),
            context: context?.context)
    }
}

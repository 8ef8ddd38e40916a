public import PlugboardRouting

/// A request that passed every interceptor, and the route (or fallback) that will serve it.
///
/// ```swift
/// let resolved = try await Registry.shared.resolve("app://mine/wallet")
/// print(resolved.owner.module, resolved.redirects)  // the login screen, if a guard redirected
/// let screen = try await MainActor.run { try resolved.makeScreen() }
/// ```
public struct ResolvedRoute: Sendable {
    /// The request, after any redirects.
    ///
    /// ```swift
    /// resolved.request.url  // "app://login?next=app%3A%2F%2Fmine%2Fwallet" after a redirect
    /// ```
    public let request: RouteRequest
    /// The route that matched, or `nil` when the fallback serves an unmatched URL.
    ///
    /// ```swift
    /// resolved.route?.pattern.description  // nil when the fallback serves the URL
    /// ```
    public let route: Route?
    /// The module whose factory builds the screen.
    ///
    /// ```swift
    /// resolved.owner.module  // the module whose factory builds the screen
    /// ```
    public let owner: Owner
    /// The URLs interceptors redirected through, first to last (empty without a redirect).
    ///
    /// ```swift
    /// resolved.redirects  // ["app://login?next=…"]
    /// ```
    public let redirects: [String]
    let factory: ScreenFactory

    /// Builds the screen.
    /// - Throws: ``LookupError/screenFailed(url:owner:reason:)``.
    ///
    /// ```swift
    /// let screen = try await MainActor.run { try resolved.makeScreen() }
    /// ```
    @MainActor
    public func makeScreen() throws(LookupError) -> any Screen {
        do {
            return try factory(request)
        } catch {
            throw .screenFailed(url: request.url, owner: owner, reason: String(describing: error))
        }
    }
}

extension InterceptorDecision {
    /// Redirects to `destination`, adding `next=<original>` so the destination can send the
    /// user on afterwards (e.g. a login screen returning to the page that required it).
    /// - Parameters:
    ///   - destination: For example `app://login`.
    ///   - original: The URL the user was going to.
    ///
    /// ```swift
    /// registrar.intercept(prefix: "app://mine/") { request in
    ///     .redirect(to: "app://login", returningTo: request.url)  // app://login?next=app%3A%2F%2Fmine%2F…
    /// }
    /// ```
    public static func redirect(to destination: String, returningTo original: String) -> InterceptorDecision {
        let separator = destination.contains("?") ? "&" : "?"
        return .redirect(to: destination + separator + "next=" + RouteEncoding.encode(original))
    }
}

extension Registry {
    /// The longest chain of redirects a request may follow.
    ///
    /// ```swift
    /// // Interceptors that redirect more than this many times end in LookupError.redirectLoop.
    /// print(Registry.redirectLimit)  // 8
    /// ```
    public static let redirectLimit = 8

    /// Matches `url` against the routes without running interceptors.
    /// - Complexity: O(segments of `url`), independent of the number of routes.
    ///
    /// ```swift
    /// if case .matched(let entry, let parameters) = Registry.shared.snapshot.match("app://circles/42") {
    ///     print(entry.route.owner, parameters["id"]!)
    /// }
    /// ```
    public func match(_ url: String) -> RouteMatch<Route> {
        snapshot.router.match(url)
    }

    /// Resolves `url` to the route that will serve it, running the interceptors that cover it.
    /// It runs on the caller's actor: a navigator's open does not leave the main actor to look a
    /// route up, a hop that would wake a thread of the global pool and then the main actor's
    /// (an interceptor's decision and a plugin's activation still run where they run).
    ///
    /// ```swift
    /// let resolved = try await registry.resolve("app://circles/42", context: preview)
    /// let screen = try resolved.makeScreen()
    /// ```
    /// - Parameters:
    ///   - url: The URL to open.
    ///   - context: A typed value passed to the factory as ``RouteRequest/context``.
    /// - Returns: The request after redirects and the route or fallback serving it.
    /// - Throws: ``LookupError``: not found (with the nearest patterns), invalid URL, rejected,
    ///   interceptor failure, or a redirect loop.
    nonisolated(nonsending) public func resolve(
        _ url: String, context: (any Sendable)? = nil
    ) async throws(LookupError) -> ResolvedRoute {
        try await resolve(url, context: context, intercepting: true)
    }

    /// Resolves `url` as ``resolve(_:context:)`` does, running its interceptors only when
    /// `intercepting`: a plugin process serves a URL its host already let through every
    /// interceptor, its own included. It runs on the caller's actor.
    nonisolated(nonsending) func resolve(
        _ url: String, context: (any Sendable)?, intercepting: Bool
    ) async throws(LookupError) -> ResolvedRoute {
        var current = url
        var chain = [url]
        var context = context
        var activated: Set<String> = []
        while chain.count <= Self.redirectLimit + 1 {
            switch try lookUp(current, context: context) {
            case .inactive(let plugin):
                // Its plugin, activated, puts its own route in the placeholder's place.
                guard activated.insert(plugin).inserted else {
                    throw .activationFailed(url: current, plugin: plugin, reason: "its route is still a placeholder")
                }
                try await activate(plugin, opening: current)
            case .found(let request, let route, let owner, let factory, let interceptors):
                guard intercepting, let destination = try await Self.intercept(request, with: interceptors) else {
                    return ResolvedRoute(
                        request: request, route: route, owner: owner, redirects: Array(chain.dropFirst()),
                        factory: factory)
                }
                chain.append(destination)
                current = destination
                context = nil
            }
        }
        throw .redirectLoop(chain: chain)
    }

    /// What one step of ``resolve(_:context:)`` finds for `url` in the current snapshot.
    private enum Lookup {
        /// A placeholder of the declared plugin named: activate it, then look again.
        case inactive(plugin: String)
        /// The route or fallback that serves `url`, and the interceptors that may redirect it.
        case found(RouteRequest, Route?, Owner, ScreenFactory, interceptors: [Interceptor])
    }

    /// The snapshot is read here alone, so that none is held while a plugin is activated: the
    /// activation's publication would then copy it whole to bring it up to date.
    private func lookUp(_ url: String, context: (any Sendable)?) throws(LookupError) -> Lookup {
        let snapshot = snapshot
        switch snapshot.router.match(url) {
        case .invalid(let error):
            throw .invalidURL(error)
        case .notFound:
            guard let fallback = snapshot.fallback else {
                throw .routeNotFound(url: url, suggestions: Self.suggestions(for: url, in: snapshot))
            }
            let request = RouteRequest(url: url, pattern: nil, parameters: RouteParameters(), context: context)
            return .found(request, nil, fallback.owner, fallback.factory, interceptors: snapshot.interceptors)
        case .matched(let entry, let parameters):
            if let reason = snapshot.quarantinedModules[entry.route.owner.module] {
                throw .moduleQuarantined(url: url, module: entry.route.owner.module, reason: reason)
            }
            if snapshot.isDisabled(entry.route.owner.module) {
                throw .moduleDisabled(url: url, module: entry.route.owner.module)
            }
            if let reason = entry.route.refusal {
                throw .pluginRefused(url: url, plugin: entry.route.inactivePlugin ?? "", reason: reason)
            }
            if let plugin = entry.route.inactivePlugin { return .inactive(plugin: plugin) }
            let request = RouteRequest(url: url, pattern: entry.pattern, parameters: parameters, context: context)
            return .found(
                request, entry.route, entry.route.owner, entry.route.factory, interceptors: snapshot.interceptors)
        }
    }

    /// Resolves `url` and builds its screen.
    /// - Parameters:
    ///   - url: The URL to open.
    ///   - context: A typed value for the factory.
    /// - Returns: The screen.
    /// - Throws: ``LookupError`` as ``resolve(_:context:)``, or the factory's failure.
    ///
    /// ```swift
    /// let screen = try await Registry.shared.screen(for: "app://circles/42", context: preview)
    /// try navigator.push(screen)
    /// ```
    @MainActor
    public func screen(for url: String, context: (any Sendable)? = nil) async throws(LookupError) -> any Screen {
        try await resolve(url, context: context).makeScreen()
    }

    /// Builds the URL of a registered pattern from parameter values.
    ///
    /// ```swift
    /// let url = try registry.url(for: "app://circles/:id(int)", parameters: ["id": "42"])
    /// ```
    /// - Parameters:
    ///   - pattern: A registered pattern; its parameter names may differ from the registered ones
    ///     and are the names `parameters` uses.
    ///   - parameters: A value for every parameter.
    ///   - query: Query items to append.
    /// - Returns: A URL that resolves to that route with those values.
    /// - Throws: ``LookupError/routeNotFound(url:suggestions:)`` for an unregistered pattern, or
    ///   ``LookupError/cannotBuildURL(_:)``.
    public func url(
        for pattern: String,
        parameters: [String: String] = [:],
        query: [(name: String, value: String)] = []
    ) throws(LookupError) -> String {
        let snapshot = snapshot
        guard let parsed = try? RoutePattern(pattern), snapshot.router.entry(for: parsed) != nil else {
            throw .routeNotFound(url: pattern, suggestions: Self.suggestions(for: pattern, in: snapshot))
        }
        do {
            return try snapshot.router.url(for: parsed, parameters: parameters, query: query)
        } catch {
            throw .cannotBuildURL(error)
        }
    }

    /// Runs the interceptors covering `request` in order, on the caller's actor; the first that does
    /// not proceed decides.
    /// - Returns: The URL to redirect to, or `nil` to proceed.
    nonisolated(nonsending) private static func intercept(
        _ request: RouteRequest,
        with interceptors: [Interceptor]
    ) async throws(LookupError) -> String? {
        for interceptor in interceptors where interceptor.scope.covers(url: request.url, pattern: request.pattern) {
            let decision: InterceptorDecision
            do {
                decision = try await interceptor.decide(request)
            } catch {
                throw .interceptorFailed(url: request.url, owner: interceptor.owner, reason: String(describing: error))
            }
            switch decision {
            case .proceed: continue
            case .redirect(let destination): return destination
            case .reject(let reason): throw .rejected(url: request.url, by: interceptor.owner, reason: reason)
            }
        }
        return nil
    }

    /// The registered patterns nearest to `url`, preferring those of the same scheme and host.
    private static func suggestions(for url: String, in snapshot: RegistrySnapshot) -> [String] {
        let patterns = snapshot.router.entries.map(\.pattern)
        let origin = url.lowercased().split(separator: "/", maxSplits: 3, omittingEmptySubsequences: false).prefix(3)
            .joined(separator: "/")
        let sameOrigin = patterns.filter { "\($0.scheme)://\($0.host)" == origin }
        return NearestNames.nearest(to: url, in: (sameOrigin.isEmpty ? patterns : sameOrigin).map(\.description))
    }
}

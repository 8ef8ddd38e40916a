extension IsolatedPlugin {
    /// Registers the plugins' routes in `registry`, each owned by its module and its plugin's file,
    /// as proxies whose screens live in the plugin process; their modules' event handlers, which
    /// pass the events the host posts on to the plugin process (it heard ``LifecycleEvent/launch``
    /// as it launched); their interceptors, whose decisions the plugin process makes; their
    /// fallback; and shutdown work that terminates the plugin process's application, its modules
    /// hearing ``LifecycleEvent/terminate`` there.
    /// - Throws: ``RegistrationError`` when a route is another plugin's; nothing is registered then.
    ///
    /// ```swift
    /// try notes.register(into: .shared)
    /// ```
    public func register(into registry: Registry) throws(RegistrationError) {
        var contributions: [String: Contribution] = [:]
        for (plugin, file) in zip(plugins, files) {
            for module in plugin.modules {
                contributions[module] = Contribution(
                    module: RegisteredModule(owner: Owner(module: module, image: file), plugin: plugin.name))
            }
        }
        for route in routes {
            contributions[route.module]?.routes.append(
                Contribution.PendingRoute(pattern: route.pattern, title: route.title, example: route.example) {
                    [self] request in
                    try ProxyScreen(
                        plugin: self, url: request.url, context: request.context, title: route.title ?? route.plugin)
                })
        }
        for (number, handler) in handlers.enumerated() {
            let event = LifecycleEvent(named: handler.event)
            guard event != .launch, event != .terminate, let owner = contributions[handler.module]?.module.owner else {
                continue
            }
            contributions[handler.module]?.handlers.append(
                EventHandler(event: event, owner: owner) { [self] event in
                    // A stop is reported by `onStop`; an event does not wait on a plugin that cannot start.
                    _ = try? await request {
                        .post(request: $0, handler: number, event: event.kind.description, userInfo: event.userInfo)
                    }
                })
        }
        for interceptor in interceptors {
            let scope: Contribution.PendingInterceptor.Scope =
                interceptor.pattern.map { .pattern($0) } ?? .prefix(interceptor.prefix ?? "")
            contributions[interceptor.module]?.interceptors.append(
                Contribution.PendingInterceptor(scope: scope, priority: interceptor.priority) { [self] request in
                    let route = WireRouteRequest(request)
                    guard
                        case .decision(_, let decision) = try await self.request({
                            .intercept(request: $0, interceptor: interceptor.number, route: route)
                        })
                    else { throw answeredOutOfTurn }
                    return decision
                })
        }
        if let module = fallback {
            contributions[module]?.fallbacks.append { [self] request in
                try ProxyScreen(plugin: self, url: request.url, context: request.context, title: request.url)
            }
        }
        let modules = contributions.keys.sorted()
        if let first = modules.first, let owner = contributions[first]?.module.owner {
            contributions[first]?.shutdowns.append(ShutdownHandler(owner: owner) { [self] in await terminate() })
        }
        try registry.apply(modules.map { contributions[$0]! }, plugin: nil)
    }
}

extension Registry {
    /// Declares the routes of `manifest`, a plugin at `image` that is not active, as placeholders
    /// that activate it when opened, in one step or not at all.
    func declare(_ manifest: SealedManifest, image: String) throws(RegistrationError) {
        try update { snapshot throws(RegistrationError) in
            try snapshot.declare(manifest, image: image)
        }
    }

    /// Keeps the routes that `manifest`, of a plugin at `image` that was refused, declares, where no
    /// other route owns their pattern: opening one answers with `reason`
    /// (``LookupError/pluginRefused(url:plugin:reason:)``) rather than "no route matches".
    ///
    /// ```swift
    /// for refusal in resolution.refusals {
    ///     registry.declareRefused(manifests[refusal.candidate.path]!, image: refusal.candidate.path, reason: refusal.description)
    /// }
    /// ```
    public func declareRefused(_ manifest: SealedManifest, image: String, reason: String) {
        try? update { snapshot throws(RegistrationError) in
            try snapshot.declare(manifest, image: image, refusal: reason)
        }
    }

    /// Makes `activator` what activates the plugins declared here.
    func activate(with activator: any PluginActivating) {
        self.activator.withLock { $0.activator = activator }
    }

    /// Activates `plugin`, whose placeholder matched `url`.
    func activate(_ plugin: String, opening url: String) async throws(LookupError) {
        guard let activator = activator.withLock({ $0.activator }) else { throw .pluginNotActive(plugin: plugin) }
        do {
            try await activator.activate(plugin)
        } catch {
            throw .activationFailed(url: url, plugin: plugin, reason: error.description)
        }
    }

    /// Activates the declared plugins that handle `event`, so that it reaches them too.
    func activatePlugins(handling event: LifecycleEvent) async {
        await activator.withLock({ $0.activator })?.activatePlugins(handling: event)
    }

    /// The service provided under `type`, activating first the declared plugin that provides it
    /// if it is not active yet (see ``PluginPopulation``).
    ///
    /// - Parameter type: The type the service was provided as.
    /// - Returns: The provided instance.
    /// - Throws: ``LookupError/serviceActivationFailed(type:plugin:reason:)`` when its plugin cannot
    ///   be activated, or ``LookupError/serviceNotFound(type:provided:)``.
    ///
    /// ```swift
    /// let greetings = try await Registry.shared.activatedService(Greetings.self)  // loads Greeter if needed
    /// ```
    public func activatedService<Value: Sendable>(_ type: Value.Type) async throws(LookupError) -> Value {
        let name = qualifiedName(of: type)
        if let plugin = snapshot.inactiveServices[name] {
            guard let activator = activator.withLock({ $0.activator }) else { throw .pluginNotActive(plugin: plugin) }
            do {
                try await activator.activate(plugin)
            } catch {
                throw .serviceActivationFailed(type: name, plugin: plugin, reason: error.description)
            }
        }
        return try service(type)
    }
}

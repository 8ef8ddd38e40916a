extension Registry {
    /// Declares the routes of `manifest`, a plugin at `image` that is not active, as placeholders
    /// that activate it when opened, in one step or not at all.
    func declare(_ manifest: SealedManifest, image: String) throws(RegistrationError) {
        try update { snapshot throws(RegistrationError) in
            try snapshot.declare(manifest, image: image)
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
}

extension PluginPopulation {
    /// Replaces the active plugin `name` with the build its file holds now, in the running
    /// process: the new build is loaded as a new image (a sealed copy of the file, so that a file
    /// rewritten in place is not answered with the old image; the old image stays mapped) and
    /// checked like any plugin; its startup tasks run; then all of the old build's routes,
    /// services, event handlers, interceptors and tasks are replaced by the new one's in one step,
    /// and the old build's shutdown work runs. On any failure the old build stays in place.
    /// - Returns: The new build.
    /// - Throws: ``ActivationError``: the plugin is unknown or not active, the new build is
    ///   refused, or its tasks fail.
    ///
    /// ```swift
    /// let plugin = try await population.reload("Circles")
    /// print("reloaded", plugin.manifest.name, plugin.manifest.version)
    /// ```
    @discardableResult
    public func reload(_ name: String) async throws(ActivationError) -> LoadedPlugin {
        guard let member = members.first(where: { $0.candidate.name == name }) else {
            throw .unknownPlugin(name: name, declared: members.map(\.candidate.name))
        }
        guard case .active = member.state else { throw .notActive(plugin: name) }
        let registry = loader.registry
        let before = registry.snapshot
        let prepared: PreparedPlugin
        do {
            prepared = try loader.prepare(member.candidate, copying: true)
        } catch {
            throw .refused(plugin: name, error)
        }
        guard prepared.plugin.manifest.name == name else {
            throw .refused(
                plugin: name,
                .changedWhileLoading(
                    path: member.candidate.path, read: member.candidate.title,
                    loaded: "\(prepared.plugin.manifest.name) \(prepared.plugin.manifest.version)"))
        }
        if let failure = await ActivationTasks.run(prepared.contributions.flatMap(\.tasks), registered: before) {
            throw .tasksFailed(plugin: name, reason: failure)
        }
        do {
            try registry.replace(name, with: prepared.contributions, plugin: prepared.plugin)
        } catch {
            throw .refused(plugin: name, PluginLoader.registrationFailure(error, of: prepared.plugin))
        }
        let oldModules = Set(before.modules.filter { $0.plugin == name }.map(\.name))
        for shutdown in before.shutdowns where oldModules.contains(shutdown.owner.module) {
            await shutdown.body()
        }
        return prepared.plugin
    }
}

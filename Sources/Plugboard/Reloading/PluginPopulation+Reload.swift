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
            throw .unknownPlugin(name: name, declared: order)
        }
        guard member.state.isActive else { throw .notActive(plugin: name) }
        let registry = loader.registry
        let before = registry.snapshot
        if let (library, dependent) = linker(of: name, in: before) {
            throw .linkedBy(plugin: name, library: library, dependent: dependent.title)
        }
        let members = members
        let plugin = try await bringIn(member.candidate, copying: true, registered: before) {
            plugin throws(ActivationError) in
            let (built, version) = (plugin.manifest.name, plugin.manifest.version)
            guard built == name else {
                throw .refused(
                    plugin: name,
                    .changedWhileLoading(path: plugin.path, read: member.candidate.title, loaded: "\(built) \(version)")
                )
            }
            if let (dependent, needs) = Self.dependent(breaking: name, at: version, among: members) {
                throw .breaksDependent(plugin: name, version: version, dependent: dependent.title, needs: needs)
            }
        } publish: { contributions, plugin throws(RegistrationError) in
            try registry.replace(name, with: contributions, plugin: plugin)
        }
        // What the population knows of the plugin is the new build's from now on: its version and
        // what it needs, against which later reloads and listings are checked.
        let candidate = member.candidate
        entries.withLock { entries in
            entries[name] = Entry(
                candidate: PluginCandidate(
                    path: candidate.path, name: name, version: plugin.manifest.version,
                    dependencies: plugin.manifest.dependencies, permissions: plugin.manifest.permissions),
                manifest: SealedManifest(plugin: plugin, snapshot: registry.snapshot), status: .active)
        }
        let oldModules = Set(before.modules.filter { $0.plugin == name }.map(\.name))
        for shutdown in before.shutdowns where oldModules.contains(shutdown.owner.module) {
            await shutdown.body()
        }
        await tellDependents(of: plugin)
        return plugin
    }

    /// The event the active plugins that need a plugin hear once it was replaced, with the
    /// plugin's name and new version as `plugin` and `version`: a service of it held since is
    /// the old build's, and is looked up again on its next request (``ModuleRegistrar/lookup(_:)``
    /// looks up each time).
    ///
    /// ```swift
    /// registrar.on(PluginPopulation.replaced) { event in print(event.userInfo["plugin"]!, "was replaced") }
    /// ```
    public static let replaced = LifecycleEvent.custom("plugboard.plugin-replaced")

    /// The first active plugin of `members` that needs `name` in a range without `version`, and
    /// what it needs.
    static func dependent(
        breaking name: String, at version: String, among members: [Member]
    ) -> (PluginCandidate, PluginDependency)? {
        guard let version = SemanticVersion(version) else { return nil }
        for member in members {
            guard member.state.isActive else { continue }
            if let needs = member.candidate.dependencies.first(where: {
                $0.name == name && !$0.versions.contains(version)
            }) {
                return (member.candidate, needs)
            }
        }
        return nil
    }

    /// The library of `name`, if another active plugin links it (its `DT_NEEDED` names the
    /// library's soname), and the first such plugin.
    private func linker(of name: String, in snapshot: RegistrySnapshot) -> (String, PluginCandidate)? {
        guard let library = snapshot.plugins.first(where: { $0.manifest.name == name })?.soname else { return nil }
        for member in members where member.candidate.name != name {
            guard member.state.isActive, let file = try? ELFFile(path: member.candidate.path),
                DynamicSection(of: file).needed.contains(library)
            else { continue }
            return (library, member.candidate)
        }
        return nil
    }

    /// Delivers ``replaced`` to the modules of the active plugins that need `plugin`.
    private func tellDependents(of plugin: LoadedPlugin) async {
        let name = plugin.manifest.name
        let dependents = Set(
            members.filter { member in
                member.state.isActive && member.candidate.dependencies.contains { $0.name == name }
            }.map(\.candidate.name))
        let snapshot = loader.registry.snapshot
        let modules = Set(snapshot.modules.filter { $0.plugin.map(dependents.contains) ?? false }.map(\.name))
        let event = Event(Self.replaced, userInfo: ["plugin": name, "version": plugin.manifest.version])
        for handler in snapshot.handlers where handler.event == Self.replaced && modules.contains(handler.owner.module)
        {
            await handler.body(event)
        }
    }
}

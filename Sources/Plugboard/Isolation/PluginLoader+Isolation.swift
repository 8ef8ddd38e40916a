extension PluginLoader {
    /// Loads a resolved population (``PluginResolution/order``) where `isolation` places it: the
    /// plugins it keeps in the host load here, as ``load(resolved:loaded:)`` loads them; each
    /// group it isolates starts in a plugin process of its own (``isolate(_:command:deadline:onStop:onOutput:)``).
    ///
    /// - Parameters:
    ///   - population: The candidates to load, dependencies first.
    ///   - isolation: Where each plugin runs.
    ///   - command: What starts a plugin process: the executable that calls
    ///     ``PluginProcess/serve(descriptor:policy:)``, and its arguments.
    ///   - deadline: How long a request to a plugin process may take (``IsolatedPlugin/deadline``).
    ///   - onStop: Told once of each plugin process that stops (``IsolatedPlugin/start(files:command:confinement:deadline:restarts:now:onStop:onOutput:)``).
    ///   - onOutput: Told each line a plugin process prints, with the name of the plugin that
    ///     printed it, or, when the process does not say, of the plugins it serves (`Account + Blog`).
    ///   - loaded: Called on this thread with each file and its result, in the population's order.
    /// - Returns: One result per candidate, in the population's order.
    /// - Throws: ``IsolationError`` when `isolation` names a plugin that is not in `population`, or
    ///   would part plugins joined by a dependency (``IsolationPolicy/plan(for:)``): nothing has
    ///   run then.
    ///
    /// ```swift
    /// let resolution = PluginResolver.resolve(candidates)
    /// let command = ["/usr/bin/plugboard", "plugin-process"]
    /// for result in try await PluginLoader().load(resolved: resolution.order, isolation: .all, command: command) {
    ///     print(result)
    /// }
    /// ```
    @discardableResult
    nonisolated(nonsending) public func load(
        resolved population: [PluginCandidate], isolation: IsolationPolicy, command: [String],
        deadline: Duration = IsolatedPlugin.defaultDeadline,
        onStop: @escaping @Sendable (IsolationError) -> Void = { _ in },
        onOutput: @escaping @Sendable (_ plugins: String, _ line: String) -> Void = { _, _ in },
        loaded: (_ path: String, _ result: Result<PlacedPlugin, PluginLoadError>) -> Void = { _, _ in }
    ) async throws(IsolationError) -> [Result<PlacedPlugin, PluginLoadError>] {
        let plan = try isolation.plan(for: population)
        var placed: [String: Result<PlacedPlugin, PluginLoadError>] = [:]
        for group in plan.groups {
            let started = await isolate(
                group, command: command, deadline: deadline, onStop: onStop, onOutput: onOutput
            ).map { PlacedPlugin.isolated($0) }
            for candidate in group { placed[candidate.path] = started }
        }
        for (candidate, result) in zip(plan.inHost, load(resolved: plan.inHost)) {
            placed[candidate.path] = result.map { .inHost($0) }
        }
        return population.map { candidate in
            let result = placed[candidate.path]!
            loaded(candidate.path, result)
            return result
        }
    }

    /// Starts `group` (one plugin, or plugins that need one another: an ``IsolationPlan/groups``
    /// entry) in a plugin process of its own, and registers its routes, handlers, interceptors
    /// and fallback in this loader's registry as proxies.
    ///
    /// - Parameters:
    ///   - group: The plugins' candidates, dependencies first.
    ///   - command: What starts a plugin process, as for ``load(resolved:isolation:command:deadline:onStop:onOutput:loaded:)``.
    ///   - deadline: How long a request to the plugin process may take.
    ///   - onStop: Told once of each plugin process that stops.
    ///   - onOutput: Told each line the plugin process prints, with the name of the plugin that
    ///     printed it, or, when the process does not say, of the plugins it serves (`Account + Blog`; ``IsolatedPlugin/start(files:command:confinement:deadline:restarts:now:onStop:onOutput:)``).
    /// - Returns: The isolated plugins, or ``PluginLoadError/isolationFailed(path:error:)`` (naming the
    ///   group's first file) when the process could not start or refused them, or
    ///   ``PluginLoadError/registrationFailed(path:plugin:error:)`` when a route is already another
    ///   plugin's, or ``PluginLoadError/changedWhileLoading(path:read:loaded:)`` when a file holds
    ///   another plugin or version than was read of it; or, before a process starts,
    ///   ``PluginLoadError/notAllowed(path:plugin:allowed:)`` for a plugin not on the loader's
    ///   allowlist, ``PluginLoadError/notGranted(path:plugin:permissions:)`` for one that declares
    ///   permissions the policy does not grant (``LoadPolicy/grants``), or ``PluginLoadError/duplicatePlugin(name:path:loadedFrom:)`` when a plugin of
    ///   the group is registered already (from another file). No process then runs, and nothing is
    ///   registered.
    ///
    /// ```swift
    /// let notes = await PluginLoader().isolate([candidate], command: ["/usr/bin/plugboard", "plugin-process"])
    /// ```
    nonisolated(nonsending) public func isolate(
        _ group: [PluginCandidate], command: [String], deadline: Duration = IsolatedPlugin.defaultDeadline,
        onStop: @escaping @Sendable (IsolationError) -> Void = { _ in },
        onOutput: @escaping @Sendable (_ plugins: String, _ line: String) -> Void = { _, _ in }
    ) async -> Result<IsolatedPlugin, PluginLoadError> {
        let path = group.first?.path ?? ""
        if let refusal = refusal(toIsolate: group, amongDeclared: false) { return .failure(refusal) }
        let plugin: IsolatedPlugin
        do {
            // Its process may do what its plugins declared, all of it granted (``refusal(toIsolate:amongDeclared:)``).
            let confinement = ProcessConfinement(
                granted: group.flatMap(\.permissions), plugins: group.map(\.name))
            plugin = try await IsolatedPlugin.start(
                files: group.map(\.path), command: command, confinement: confinement, deadline: deadline,
                onStop: onStop,
                onOutput: { [names = group.map(\.name)] plugin, line in
                    // A name the process gives is one of its own plugins', or the group's.
                    onOutput(plugin.flatMap { names.contains($0) ? $0 : nil } ?? names.joined(separator: " + "), line)
                })
        } catch {
            return .failure(.isolationFailed(path: path, error: error))
        }
        // The process loaded the files as they are now: each must hold the plugin that was read of
        // it, or one replaced since would run under another's checks.
        for (candidate, loaded) in zip(group, plugin.plugins)
        where (candidate.name, candidate.version) != (loaded.name, loaded.version) {
            plugin.discard()
            return .failure(
                .changedWhileLoading(
                    path: candidate.path, read: candidate.title, loaded: "\(loaded.name) \(loaded.version)"))
        }
        do {
            try plugin.register(into: registry)
        } catch {
            plugin.discard()
            return .failure(.registrationFailed(path: path, plugin: plugin.names, error: error))
        }
        return .success(plugin)
    }

    /// Why `group` may not be isolated, before a process starts for it: a plugin not on this
    /// loader's allowlist, or that declares permissions not granted, or a second copy of a plugin placed already (isolated before it, say)
    /// or, `amongDeclared`, declared already, is refused as the loader refuses one.
    func refusal(toIsolate group: [PluginCandidate], amongDeclared: Bool) -> PluginLoadError? {
        let snapshot = registry.snapshot
        for candidate in group {
            if let allowlist = policy.allowlist, !allowlist.contains(candidate.name) {
                return .notAllowed(path: candidate.path, plugin: candidate.name, allowed: allowlist.sorted())
            }
            let missing = policy.grants.missing(candidate.permissions, of: candidate.name)
            if !missing.isEmpty {
                return .notGranted(path: candidate.path, plugin: candidate.name, permissions: missing)
            }
            let first =
                snapshot.modules.first { $0.plugin == candidate.name }?.owner.image
                ?? (amongDeclared ? snapshot.declaredImage(of: candidate.name) : nil)
            if let first {
                return .duplicatePlugin(name: candidate.name, path: candidate.path, loadedFrom: first)
            }
        }
        return nil
    }
}

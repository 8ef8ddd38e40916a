extension PluginPopulation {
    /// A group of plugins declared to run in a plugin process of their own, and what starts it.
    struct IsolatedGroup: Sendable {
        /// Its plugins, dependencies first, each with what its file declares.
        let members: [(candidate: PluginCandidate, manifest: SealedManifest)]
        let start: @Sendable () async -> Result<IsolatedPlugin, PluginLoadError>
        var status: Status = .declared
    }

    /// Declares `group` — one plugin, or plugins that need one another (an entry of
    /// ``IsolationPlan/groups``) — to run in a plugin process of its own that starts when the
    /// group is first needed, as a declared plugin is activated then: its routes wait in the
    /// router as placeholders (its services, which serve only the plugins of its process, are not
    /// declared in the host), and the first use of any of its plugins (a route of it opened, a
    /// custom event it handles posted, ``activate(_:)`` with its name) calls `start` once, which
    /// starts the process and registers its proxies in their place
    /// (``PluginLoader/isolate(_:command:deadline:onStop:onOutput:)``). A group that fails to
    /// start fails every later use with the same error, as a plugin that cannot be activated does.
    /// - Parameters:
    ///   - group: The plugins' candidates, dependencies first.
    ///   - manifests: What each file declares, by its path.
    ///   - start: Starts the group's process and registers its proxies.
    /// - Throws: ``PluginLoadError``: ``PluginLoadError/notAllowed(path:plugin:allowed:)`` for a
    ///   plugin not on the loader's allowlist, ``PluginLoadError/duplicatePlugin(name:path:loadedFrom:)``
    ///   for one placed or declared already (from another file), or
    ///   ``PluginLoadError/registrationFailed(path:plugin:error:)`` when a route of the group cannot
    ///   be declared (another plugin's route has its pattern); nothing of the group is declared then.
    ///
    /// ```swift
    /// try population.declareIsolated([greeter], manifests: manifests) {
    ///     await population.loader.isolate([greeter], command: ["/usr/bin/plugboard", "plugin-process"])
    /// }
    /// try await navigator.open("app://greeter/hello")  // starts Greeter's process first
    /// ```
    public func declareIsolated(
        _ group: [PluginCandidate], manifests: [String: SealedManifest],
        start: @escaping @Sendable () async -> Result<IsolatedPlugin, PluginLoadError>
    ) throws(PluginLoadError) {
        if let refusal = loader.refusal(toIsolate: group, amongDeclared: true) { throw refusal }
        let members = group.compactMap { candidate in manifests[candidate.path].map { (candidate, $0) } }
        do {
            try loader.registry.update { snapshot throws(RegistrationError) in
                for (candidate, manifest) in members {
                    // Its services serve only the plugins of its process: none waits in the host.
                    var declared = manifest
                    declared.services = []
                    try snapshot.declare(declared, image: candidate.path)
                }
            }
        } catch {
            throw .registrationFailed(
                path: group.first?.path ?? "", plugin: group.map(\.name).joined(separator: " + "), error: error)
        }
        isolatedGroups.withLock { $0.append(IsolatedGroup(members: members, start: start)) }
    }

    /// The plugins declared to run isolated (``declareIsolated(_:manifests:start:)``), in the
    /// order they were declared, each with its group's state: declared until the group's process
    /// starts, active once it has (a stop of the process later does not change it), or failed.
    ///
    /// ```swift
    /// for member in population.isolatedMembers { print(member.candidate.title, member.state) }
    /// ```
    public var isolatedMembers: [Member] {
        isolatedGroups.withLock { groups in
            groups.flatMap { group in
                group.members.map { Member(candidate: $0.candidate, manifest: $0.manifest, state: State(group.status)) }
            }
        }
    }

    /// Lets the group of `name`, declared to run isolated, start again on its next use if it
    /// failed to start (a new build of it was written since, say); a group that is declared,
    /// starting or started is left as it is.
    /// - Throws: ``ActivationError/unknownPlugin(name:declared:)`` when `name` was not declared to
    ///   run isolated.
    ///
    /// ```swift
    /// try population.retryIsolated("Notes")
    /// try await population.activate("Notes")  // starts its process again
    /// ```
    public func retryIsolated(_ name: String) throws(ActivationError) {
        guard let index = isolatedGroup(of: name) else {
            throw .unknownPlugin(name: name, declared: isolatedNames)
        }
        isolatedGroups.withLock { groups in
            if case .failed = groups[index].status { groups[index].status = .declared }
        }
    }

    /// The names of the plugins declared to run isolated.
    var isolatedNames: [String] {
        isolatedGroups.withLock { $0.flatMap { $0.members.map(\.candidate.name) } }
    }

    /// The place in ``isolatedGroups`` of the group of the plugin `name`, if it was declared to run
    /// isolated.
    func isolatedGroup(of name: String) -> Int? {
        isolatedGroups.withLock { groups in
            groups.firstIndex { $0.members.contains { $0.candidate.name == name } }
        }
    }

    /// The first plugin of each declared group that handles the custom event `name`.
    func isolatedPlugins(handling name: String) -> [String] {
        isolatedGroups.withLock { groups in
            groups.compactMap { group in
                guard case .declared = group.status else { return nil }
                return group.members.first { $0.manifest.events.contains(name) }?.candidate.name
            }
        }
    }

    /// Starts the group at `index`, once, whoever asks first; the others wait for it.
    func activateIsolated(_ index: Int) async throws(ActivationError) {
        let step = isolatedGroups.withLock { ActivationStep.claim(&$0[index].status) }
        try await step.run { wait in
            let group = self.isolatedGroups.withLock { $0[index] }
            let outcome = await group.start().map { _ in () }.mapError { error in
                ActivationError.refused(plugin: group.members.first?.candidate.name ?? "", error)
            }
            self.isolatedGroups.withLock { groups in
                switch outcome {
                case .success: groups[index].status = .active
                case .failure(let error): groups[index].status = .failed(error)
                }
            }
            wait.finish(outcome)
        }
    }
}

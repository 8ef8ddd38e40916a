extension PluginLoader {
    /// Loads the plugin files of `directory` as a host places them, in one call: reads what each
    /// declares from its sealed manifest without running it, resolves the population
    /// (``PluginResolver``) and decides which plugin owns each route
    /// (``claimingRoutes(of:candidates:manifests:)``), then loads those `isolation` keeps in the
    /// host here and starts each group it isolates in a plugin process of its own
    /// (``load(resolved:isolation:command:deadline:onStop:onOutput:loaded:)``).
    ///
    /// Under ``IsolationPolicy/none`` a file that is not sealed loads here after the others, as
    /// ``load(directory:)`` loads it; under another policy it is refused with
    /// ``PluginLoadError/unsealed(path:)``, since where it runs depends on what it declares.
    ///
    /// - Parameters:
    ///   - directory: The directory whose `.so` files to load.
    ///   - isolation: Where each plugin runs.
    ///   - command: What starts a plugin process: an executable that calls
    ///     ``PluginProcess/serve(descriptor:policy:)``, and its arguments.
    ///   - deadline: How long a request to a plugin process may take.
    ///   - onStop: Told once of each plugin process that stops.
    ///   - onOutput: Told each line a plugin process prints, with the plugins it serves.
    /// - Returns: One result per file, in the directory's order: where its plugin runs, or why it
    ///   does not (``PluginLoadError/refused(path:reason:)`` for a refusal of the resolution).
    /// - Throws: ``PluginLoadError`` when the directory cannot be listed; ``IsolationError`` when
    ///   `isolation` names a plugin that is not there or would part plugins joined by a
    ///   dependency. Nothing has run then.
    ///
    /// ```swift
    /// let command = [CommandLine.arguments[0], "plugin-process"]
    /// for result in try await PluginLoader().load(directory: "plugins", isolation: .all, command: command) {
    ///     print(result)
    /// }
    /// ```
    nonisolated(nonsending) public func load(
        directory: String, isolation: IsolationPolicy, command: [String],
        deadline: Duration = IsolatedPlugin.defaultDeadline,
        onStop: @escaping @Sendable (IsolationError) -> Void = { _ in },
        onOutput: @escaping @Sendable (_ plugins: String, _ line: String) -> Void = { _, _ in }
    ) async throws -> [Result<PlacedPlugin, PluginLoadError>] {
        let files = try Self.pluginFiles(in: directory)
        var results: [String: Result<PlacedPlugin, PluginLoadError>] = [:]
        var candidates: [PluginCandidate] = []
        var manifests: [String: SealedManifest] = [:]
        var unsealed: [String] = []
        for (file, checked) in zip(files, check(files: files)) {
            switch checked {
            case .success(let manifest?):
                candidates.append(PluginCandidate(path: file, sealed: manifest))
                manifests[file] = manifest
            case .success(nil) where isolation == .none: unsealed.append(file)
            case .success(nil): results[file] = .failure(.unsealed(path: file))
            case .failure(let error): results[file] = .failure(error)
            }
        }
        let resolution = claimingRoutes(
            of: PluginResolver.resolve(candidates), candidates: candidates, manifests: manifests)
        for refusal in resolution.refusals {
            results[refusal.candidate.path] = .failure(
                .refused(path: refusal.candidate.path, reason: refusal.explanation))
        }
        let placed = try await load(
            resolved: resolution.order, isolation: isolation, command: command, deadline: deadline, onStop: onStop,
            onOutput: onOutput)
        for (candidate, result) in zip(resolution.order, placed) { results[candidate.path] = result }
        for (file, result) in zip(unsealed, load(files: unsealed)) { results[file] = result.map(PlacedPlugin.inHost) }
        // Each file is in one of the four: refused before resolution, by it, placed, or unsealed.
        return files.compactMap { results[$0] }
    }
}

extension PluginLoader {
    /// `resolution` with each plugin that declares a route another plugin before it in the
    /// population's order declares (or a module of the host registered) refused, and the plugins
    /// that need it refused in turn: the claims on routes are decided by the population's order,
    /// from the manifests, before any plugin runs, so that the same plugin gives way wherever the
    /// plugins run — in this process, in plugin processes that start at launch, or when first
    /// needed — never the one whose process happened to start first.
    ///
    /// A second copy of a plugin is left to the loader, which refuses it as a duplicate. A refused
    /// plugin's reason is the error its registration would have met
    /// (``PluginLoadError/registrationFailed(path:plugin:error:)``), naming both owners of each
    /// route.
    /// - Parameters:
    ///   - resolution: The population, resolved from `candidates`.
    ///   - candidates: What was resolved.
    ///   - manifests: What each file declares, by its path.
    /// - Returns: The population to load.
    /// - Complexity: One declaration of each plugin's routes in a copy of the registry's snapshot
    ///   per round; a round more for each refusal that frees a route.
    ///
    /// ```swift
    /// var resolution = PluginResolver.resolve(candidates)
    /// resolution = loader.claimingRoutes(of: resolution, candidates: candidates, manifests: manifests)
    /// ```
    public func claimingRoutes(
        of resolution: PluginResolution, candidates: [PluginCandidate], manifests: [String: SealedManifest]
    ) -> PluginResolution {
        var resolution = resolution
        var refused: [String: String] = [:]
        while true {
            var snapshot = registry.snapshot
            var conflicts: [String: String] = [:]
            for candidate in resolution.order {
                // A second copy of a plugin is the loader's to refuse, as a duplicate.
                guard let manifest = manifests[candidate.path], snapshot.declaredImage(of: candidate.name) == nil,
                    !snapshot.modules.contains(where: { $0.plugin == candidate.name })
                else { continue }
                var trial = snapshot
                do {
                    try trial.declare(manifest, image: candidate.path)
                    snapshot = trial
                } catch {
                    conflicts[candidate.path] =
                        PluginLoadError.registrationFailed(path: candidate.path, plugin: candidate.name, error: error)
                        .description
                }
            }
            guard !conflicts.isEmpty else { return resolution }
            refused.merge(conflicts) { first, _ in first }
            resolution = PluginResolver.resolve(
                candidates.map { candidate in
                    guard candidate.refusal == nil, let reason = refused[candidate.path] else { return candidate }
                    return PluginCandidate(
                        path: candidate.path, name: candidate.name, version: candidate.version,
                        dependencies: candidate.dependencies, refusal: reason, contentDigest: candidate.contentDigest,
                        permissions: candidate.permissions)
                })
        }
    }
}

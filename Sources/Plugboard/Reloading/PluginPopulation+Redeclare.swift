extension PluginPopulation {
    /// Takes what the file of a plugin that is not active declares now — `candidate` and
    /// `manifest`, read anew after a new build was written — in the place of what it declared:
    /// its placeholders are replaced in one step, and it is activated from the new build when it
    /// is first needed. A plugin that could not be activated is declared anew as well, to be tried
    /// again. On any failure what it declared before stays.
    /// - Throws: ``ActivationError``: no plugin has the candidate's name, the plugin is active
    ///   (``ActivationError/alreadyActive(plugin:)``: replace it with ``reload(_:)``), or a route
    ///   of the new declarations cannot be declared.
    ///
    /// ```swift
    /// // The file of Greeter, declared and not active, holds a new build.
    /// try population.redeclare(candidate, manifest: manifest)  // as read by the host again
    /// ```
    public func redeclare(_ candidate: PluginCandidate, manifest: SealedManifest) throws(ActivationError) {
        let name = candidate.name
        let registry = loader.registry
        try entries.withLock { entries throws(ActivationError) in
            guard let entry = entries[name], manifest.name == name else {
                throw .unknownPlugin(name: name, declared: order)
            }
            switch entry.status {
            case .active, .activating: throw .alreadyActive(plugin: name)
            case .declared, .failed: break
            }
            do throws(RegistrationError) {
                try registry.redeclare(manifest, image: candidate.path)
            } catch {
                throw .refused(
                    plugin: name, .registrationFailed(path: candidate.path, plugin: name, error: error))
            }
            entries[name] = Entry(candidate: candidate, manifest: manifest, status: .declared)
        }
    }
}

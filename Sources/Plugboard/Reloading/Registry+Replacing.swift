extension Registry {
    /// Replaces everything the plugin named `name` registered with `contributions` of `plugin`,
    /// its new build, and publishes the result in one step: readers see the old plugin's routes,
    /// services, handlers, interceptors and tasks, or the new one's, never a mix.
    /// - Throws: ``RegistrationError``; the registry is then unchanged.
    func replace(_ name: String, with contributions: [Contribution], plugin: LoadedPlugin) throws(RegistrationError) {
        try publish { snapshot throws(RegistrationError) in
            try snapshot.replacing(name, with: contributions, plugin: plugin)
        }
    }

    /// Puts the placeholders of `manifest`, what the plugin it names declares now at `image`, in
    /// the place of those it declared before, in one step.
    /// - Throws: ``RegistrationError``; the registry is then unchanged.
    func redeclare(_ manifest: SealedManifest, image: String) throws(RegistrationError) {
        try publish { snapshot throws(RegistrationError) in
            try snapshot.redeclaring(manifest, image: image)
        }
    }
}

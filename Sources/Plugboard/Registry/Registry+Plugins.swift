extension Registry {
    /// Whether a plugin named `name` is loaded: how a plugin asks whether an optional dependency
    /// is there.
    ///
    /// ```swift
    /// if Registry.shared.hasPlugin("Analytics") { registrar.on(.custom("page.viewed")) { _ in } }
    /// ```
    /// - Parameter name: The plugin's name, as its manifest gives it.
    /// - Returns: Whether it is loaded.
    public func hasPlugin(_ name: String) -> Bool {
        snapshot.plugins.contains { $0.manifest.name == name }
    }
}

/// A plugin mapped and checked, with what its modules register, not yet applied to the registry.
struct PreparedPlugin: Sendable {
    /// The plugin.
    let plugin: LoadedPlugin
    /// What its modules register.
    let contributions: [Contribution]
}

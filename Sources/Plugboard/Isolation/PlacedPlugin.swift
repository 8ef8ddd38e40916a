/// A plugin of a population, loaded where an ``IsolationPolicy`` placed it: in the host's own
/// process, or in a plugin process with the other plugins of its group.
///
/// ```swift
/// switch placed {
/// case .inHost(let plugin): print(plugin.manifest.name, "runs here")
/// case .isolated(let group): print(group.title, "runs in process", group.processID ?? 0)
/// }
/// ```
public enum PlacedPlugin: Sendable {
    /// Loaded into the host's process, as ``PluginLoader/load(file:)`` loads it.
    ///
    /// ```swift
    /// if case .inHost(let plugin) = placed { print(plugin.modules) }
    /// ```
    case inHost(LoadedPlugin)
    /// Running in a plugin process of its own, shared with the plugins of its group; its routes
    /// are registered as proxies.
    ///
    /// ```swift
    /// if case .isolated(let group) = placed { try await group.restart() }
    /// ```
    case isolated(IsolatedPlugin)
}

/// A plugin that was loaded and whose modules are registered.
public struct LoadedPlugin: Sendable, Hashable {
    /// The plugin's manifest.
    public let manifest: PluginManifest
    /// The plugin file's path, as given to the loader.
    public let path: String
    /// The names of the plugin's modules, in registration order.
    public let modules: [String]
}

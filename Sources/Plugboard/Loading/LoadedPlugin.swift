/// A plugin that was loaded and whose modules are registered.
///
/// ```swift
/// let plugin = try PluginLoader().load(file: "plugins/libCircles.so")
/// print(plugin.manifest.name, plugin.manifest.version, plugin.modules)
/// ```
public struct LoadedPlugin: Sendable, Hashable {
    /// The plugin's manifest.
    ///
    /// ```swift
    /// plugin.manifest.fingerprint  // the runtime and toolchain it was built with
    /// ```
    public let manifest: PluginManifest
    /// The plugin file's path, as given to the loader.
    ///
    /// ```swift
    /// plugin.path  // "plugins/libCircles.so"
    /// ```
    public let path: String
    /// The names of the plugin's modules, in registration order.
    ///
    /// ```swift
    /// plugin.modules  // ["Circles.CirclesModule"]
    /// ```
    public let modules: [String]
}

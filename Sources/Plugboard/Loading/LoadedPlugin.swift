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
    /// The name the plugin's library answers to when another plugin links it (its `DT_SONAME`),
    /// if it has one; see <doc:BetweenPlugins>.
    ///
    /// ```swift
    /// plugin.soname  // "libAccountPlugin.so"
    /// ```
    public let soname: String?
    /// Types of the plugin that conform to ``Module`` but cannot be registered, each named with
    /// the reason (a generic class, say), so that a module that is missing is never missing
    /// without a word. (A subclass that only inherits its conformance has no conformance record
    /// of its own: the loader cannot see it at all. Declare modules `final`.)
    ///
    /// ```swift
    /// for warning in plugin.warnings { print("warning:", warning) }
    /// ```
    public let warnings: [String]
}

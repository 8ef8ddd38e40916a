/// Declares that a shared object is a Plugboard plugin, and carries its manifest.
///
/// Exactly one type in a plugin conforms to `Plugin`; that single line is all a plugin adds to
/// its modules:
///
/// ```swift
/// public enum GreeterPlugin: Plugin {
///     public static let manifest = PluginManifest(name: "Greeter", version: "1.0.0")
/// }
/// ```
///
/// The loader reads and checks the manifest before any module of the plugin is created.
public protocol Plugin {
    /// The plugin's name, version and build fingerprint.
    ///
    /// ```swift
    /// public enum CirclesPlugin: Plugin {
    ///     public static let manifest = PluginManifest(name: "Circles", version: "1.2.0")
    /// }
    /// ```
    static var manifest: PluginManifest { get }
}

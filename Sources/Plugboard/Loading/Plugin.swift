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
/// The loader reads the fingerprint the plugin was compiled with, then its manifest, and checks
/// both before any module of the plugin is created.
public protocol Plugin {
    /// The runtime build and toolchain the plugin was compiled with
    /// (``RuntimeFingerprint/compiledIn``), as plain strings. Implemented by Plugboard: do not
    /// write it.
    ///
    /// The loader asks it before anything else, so that a plugin compiled against another build
    /// of the runtime, whose types may have another layout (``manifest`` among them), is refused
    /// before any of them is read. It is the protocol's first requirement and stays so, which
    /// keeps its place in every build's witness table.
    ///
    /// ```swift
    /// GreeterPlugin.compiledFingerprint.runtimeVersion  // "plugboard-runtime 0.1.0+src.…"
    /// ```
    static var compiledFingerprint: (runtimeVersion: String, toolchain: String) { get }

    /// The plugin's name, version and build fingerprint.
    ///
    /// ```swift
    /// public enum CirclesPlugin: Plugin {
    ///     public static let manifest = PluginManifest(name: "Circles", version: "1.2.0")
    /// }
    /// ```
    static var manifest: PluginManifest { get }
}

/// A plugin's identity: its name, version and the runtime fingerprint it was built with.
///
/// ```swift
/// public enum CirclesPlugin: Plugin {
///     public static let manifest = PluginManifest(name: "Circles", version: "1.2.0")
/// }
/// ```
public struct PluginManifest: Sendable, Hashable {
    /// The plugin's name, unique among loaded plugins.
    ///
    /// ```swift
    /// CirclesPlugin.manifest.name  // "Circles"
    /// ```
    public let name: String
    /// The plugin's own version.
    ///
    /// ```swift
    /// CirclesPlugin.manifest.version  // "1.2.0"
    /// ```
    public let version: String
    /// The runtime and toolchain the plugin was compiled against.
    ///
    /// ```swift
    /// CirclesPlugin.manifest.fingerprint == .current  // true when built with this host's toolchain
    /// ```
    public let fingerprint: RuntimeFingerprint

    /// Creates a manifest whose fingerprint is fixed when the calling plugin is compiled.
    ///
    /// ```swift
    /// public enum GreeterPlugin: Plugin {
    ///     public static let manifest = PluginManifest(name: "Greeter", version: "1.0.0")
    /// }
    /// ```
    /// - Parameters:
    ///   - name: The plugin's name.
    ///   - version: The plugin's version.
    @_alwaysEmitIntoClient
    public init(name: String, version: String) {
        self.init(name: name, version: version, fingerprint: .compiledIn)
    }

    /// Creates a manifest with an explicit fingerprint.
    /// - Parameters:
    ///   - name: The plugin's name.
    ///   - version: The plugin's version.
    ///   - fingerprint: The runtime and toolchain the plugin claims to be built with.
    ///
    /// ```swift
    /// let old = PluginManifest(
    ///     name: "Old", version: "1", fingerprint: RuntimeFingerprint(runtimeVersion: "0.0.1", toolchain: "x"))
    /// ```
    public init(name: String, version: String, fingerprint: RuntimeFingerprint) {
        self.name = name
        self.version = version
        self.fingerprint = fingerprint
    }
}

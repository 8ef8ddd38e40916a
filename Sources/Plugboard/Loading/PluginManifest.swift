/// A plugin's identity: its name, its version (Semantic Versioning 2.0.0), the plugins it needs
/// and the runtime fingerprint it was built with.
///
/// ```swift
/// public enum BlogPlugin: Plugin {
///     public static let manifest = PluginManifest(
///         name: "Blog", version: "2.1.0", dependencies: [.plugin("Account", from: "1.2.0")])
/// }
/// ```
public struct PluginManifest: Sendable, Hashable {
    /// The plugin's name, unique among loaded plugins.
    ///
    /// ```swift
    /// CirclesPlugin.manifest.name  // "Circles"
    /// ```
    public let name: String
    /// The plugin's own version, as written: a ``SemanticVersion`` for the loader to accept it.
    ///
    /// ```swift
    /// CirclesPlugin.manifest.version  // "1.2.0"
    /// ```
    public let version: String
    /// The plugins this one needs, with the versions it accepts.
    ///
    /// ```swift
    /// BlogPlugin.manifest.dependencies.map(\.name)  // ["Account"]
    /// ```
    public let dependencies: [PluginDependency]
    /// The runtime and toolchain the plugin was compiled against.
    ///
    /// ```swift
    /// CirclesPlugin.manifest.fingerprint == .current  // true when built with this host's toolchain
    /// ```
    public let fingerprint: RuntimeFingerprint
    /// What the plugin needs beyond its own code (files, network, programs, memory): an
    /// isolated plugin's process gets what it declares, once the person granted it, and nothing
    /// more (``PluginPermission``).
    ///
    /// ```swift
    /// NotesPlugin.manifest.permissions.map(\.description)  // ["read ~/notes"]
    /// ```
    public let permissions: [PluginPermission]

    /// Creates a manifest whose fingerprint is fixed when the calling plugin is compiled.
    ///
    /// ```swift
    /// public enum GreeterPlugin: Plugin {
    ///     public static let manifest = PluginManifest(name: "Greeter", version: "1.0.0")
    /// }
    /// ```
    /// - Parameters:
    ///   - name: The plugin's name.
    ///   - version: The plugin's version, such as `1.0.0` or `2.0.0-beta.1`.
    ///   - dependencies: The plugins it needs.
    ///   - permissions: What it needs beyond its own code.
    @_alwaysEmitIntoClient
    public init(
        name: String, version: String, dependencies: [PluginDependency] = [], permissions: [PluginPermission] = []
    ) {
        self.init(
            name: name, version: version, dependencies: dependencies, fingerprint: .compiledIn,
            permissions: permissions)
    }

    /// Creates a manifest with an explicit fingerprint.
    /// - Parameters:
    ///   - name: The plugin's name.
    ///   - version: The plugin's version.
    ///   - dependencies: The plugins it needs.
    ///   - fingerprint: The runtime and toolchain the plugin claims to be built with.
    ///   - permissions: What it needs beyond its own code.
    ///
    /// ```swift
    /// let old = PluginManifest(
    ///     name: "Old", version: "1.0.0", fingerprint: RuntimeFingerprint(runtimeVersion: "0.0.1", toolchain: "x"))
    /// ```
    public init(
        name: String, version: String, dependencies: [PluginDependency] = [], fingerprint: RuntimeFingerprint,
        permissions: [PluginPermission] = []
    ) {
        self.name = name
        self.version = version
        self.dependencies = dependencies
        self.fingerprint = fingerprint
        self.permissions = permissions
    }

    /// The version, if it is a Semantic Versioning 2.0.0 version (the loader refuses a plugin
    /// whose version is not).
    ///
    /// ```swift
    /// CirclesPlugin.manifest.semanticVersion  // 1.2.0
    /// ```
    public var semanticVersion: SemanticVersion? { SemanticVersion(version) }
}

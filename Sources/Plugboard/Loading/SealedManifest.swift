/// A plugin's manifest and declarations as `plugboard seal` writes them into the plugin file's
/// `.plugboard_manifest` ELF section, where they can be read without loading the plugin.
public struct SealedManifest: Codable, Sendable, Hashable {
    /// The plugin's name.
    public var name: String
    /// The plugin's version.
    public var version: String
    /// The Plugboard runtime version the plugin was built against.
    public var runtimeVersion: String
    /// The compiler identity of the toolchain the plugin was built with.
    public var toolchain: String
    /// The machine architecture, for example `x86_64`.
    public var architecture: String
    /// The plugin's module names.
    public var modules: [String]
    /// The route patterns its modules register.
    public var routes: [String]
    /// The startup task names its modules register.
    public var tasks: [String]

    /// Creates a sealed manifest.
    ///
    /// ```swift
    /// let sealed = SealedManifest(plugin: loaded, registrations: registry.snapshot)
    /// ```
    /// - Parameters:
    ///   - plugin: A loaded plugin.
    ///   - snapshot: The registry it was loaded into, to list what its modules register.
    public init(plugin: LoadedPlugin, snapshot: RegistrySnapshot) {
        let modules = Set(plugin.modules)
        name = plugin.manifest.name
        version = plugin.manifest.version
        runtimeVersion = plugin.manifest.fingerprint.runtimeVersion
        toolchain = plugin.manifest.fingerprint.toolchain
        architecture = ELFCheck.machineName
        self.modules = plugin.modules
        routes = snapshot.routes.filter { modules.contains($0.owner.module) }.map(\.pattern.description)
        tasks = snapshot.tasks.filter { modules.contains($0.owner.module) }.map(\.name)
    }

    /// The fingerprint the plugin was sealed with.
    public var fingerprint: RuntimeFingerprint {
        RuntimeFingerprint(runtimeVersion: runtimeVersion, toolchain: toolchain)
    }
}

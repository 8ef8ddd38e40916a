/// A plugin's manifest and declarations as `plugboard seal` writes them into the plugin file's
/// `.plugboard_manifest` ELF section, where they can be read without loading the plugin.
///
/// ```swift
/// if let sealed = try ManifestReader.read(fileAt: "plugins/libCircles.so") {
///     print(sealed.name, sealed.version, sealed.architecture, sealed.routes)
/// }
/// ```
public struct SealedManifest: Codable, Sendable, Hashable {
    /// The plugin's name.
    ///
    /// ```swift
    /// sealed.name  // "Circles"
    /// ```
    public var name: String
    /// The plugin's version.
    ///
    /// ```swift
    /// sealed.version  // "1.2.0"
    /// ```
    public var version: String
    /// The Plugboard runtime version the plugin was built against.
    ///
    /// ```swift
    /// sealed.runtimeVersion == RuntimeFingerprint.current.runtimeVersion
    /// ```
    public var runtimeVersion: String
    /// The compiler identity of the toolchain the plugin was built with.
    ///
    /// ```swift
    /// sealed.toolchain == RuntimeFingerprint.current.toolchain
    /// ```
    public var toolchain: String
    /// The machine architecture, for example `x86_64`.
    ///
    /// ```swift
    /// sealed.architecture  // "x86_64"
    /// ```
    public var architecture: String
    /// The plugin's module names.
    ///
    /// ```swift
    /// sealed.modules  // ["Circles.CirclesModule"]
    /// ```
    public var modules: [String]
    /// The route patterns its modules register.
    ///
    /// ```swift
    /// sealed.routes  // ["app://circles", "app://circles/:id(int)"]
    /// ```
    public var routes: [String]
    /// The startup task names its modules register.
    ///
    /// ```swift
    /// sealed.tasks  // ["circles.cache"]
    /// ```
    public var tasks: [String]
    /// The plugins it needs, with the versions it accepts.
    ///
    /// ```swift
    /// sealed.dependencies.map(\.description)  // ["Account >=1.2.0 <2.0.0"]
    /// ```
    public var dependencies: [PluginDependency]

    /// The fingerprint the plugin was sealed with.
    ///
    /// ```swift
    /// sealed.fingerprint == .current  // the loader refuses the file otherwise
    /// ```
    public var fingerprint: RuntimeFingerprint {
        RuntimeFingerprint(runtimeVersion: runtimeVersion, toolchain: toolchain)
    }
}

// In an extension, so that the struct keeps its memberwise initializer (the manifest parser's).
extension SealedManifest {
    /// Creates a sealed manifest.
    ///
    /// ```swift
    /// let sealed = SealedManifest(plugin: loaded, snapshot: registry.snapshot)
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
        dependencies = plugin.manifest.dependencies
    }
}

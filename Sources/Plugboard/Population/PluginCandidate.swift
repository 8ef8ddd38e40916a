/// One installed plugin file as the resolver sees it: its manifest's declarations, read without
/// running it (from its sealed section, or in a child process), or why the file was refused
/// before its declarations could be used.
///
/// ```swift
/// let candidate = PluginCandidate(
///     path: "plugins/libBlog.so", name: "Blog", version: "2.1.0",
///     dependencies: [.plugin("Account", from: "1.2.0")])
/// ```
public struct PluginCandidate: Sendable, Hashable {
    /// The plugin file.
    ///
    /// ```swift
    /// candidate.path  // "plugins/libBlog.so"
    /// ```
    public let path: String
    /// The plugin's name, as its manifest gives it.
    ///
    /// ```swift
    /// candidate.name  // "Blog"
    /// ```
    public let name: String
    /// The plugin's version, as its manifest gives it.
    ///
    /// ```swift
    /// candidate.version  // "2.1.0"
    /// ```
    public let version: String
    /// The plugins it needs.
    ///
    /// ```swift
    /// candidate.dependencies.map(\.name)  // ["Account"]
    /// ```
    public let dependencies: [PluginDependency]
    /// Why the file was refused before resolution (its permissions, its fingerprint, …), if it
    /// was; its plugin then loads nowhere, and the plugins that need it name this as the cause.
    ///
    /// ```swift
    /// candidate.refusal  // "its file is writable by others"
    /// ```
    public let refusal: String?
    /// The digest of the file's content when its declarations were read, when they were read
    /// apart from loading it (``PluginLoader/contentDigest(ofFileAt:)``): the loader refuses the
    /// file if its content differs when it is loaded, before mapping it.
    ///
    /// ```swift
    /// candidate.contentDigest  // "fnv1a64:3f2c…"
    /// ```
    public let contentDigest: String?
    /// What the plugin declares it needs beyond its own code: an isolated plugin is started only
    /// once all of it is granted.
    ///
    /// ```swift
    /// candidate.permissions  // [.read("~/notes")]
    /// ```
    public let permissions: [PluginPermission]

    /// Creates a candidate.
    ///
    /// ```swift
    /// PluginCandidate(path: "libAccount.so", name: "Account", version: "1.4.0", refusal: "its file is writable by others")
    /// ```
    /// - Parameters:
    ///   - path: The plugin file.
    ///   - name: The plugin's name.
    ///   - version: The plugin's version.
    ///   - dependencies: The plugins it needs.
    ///   - refusal: Why the file was refused before resolution, if it was.
    ///   - contentDigest: The digest of the file's content when its declarations were read.
    ///   - permissions: What the plugin declares it needs beyond its own code.
    public init(
        path: String, name: String, version: String, dependencies: [PluginDependency] = [], refusal: String? = nil,
        contentDigest: String? = nil, permissions: [PluginPermission] = []
    ) {
        self.path = path
        self.name = name
        self.version = version
        self.dependencies = dependencies
        self.refusal = refusal
        self.contentDigest = contentDigest
        self.permissions = permissions
    }

    /// The candidate that the file at `path` is, as its sealed manifest declares it.
    ///
    /// ```swift
    /// if let sealed = try ManifestReader.read(fileAt: path) { print(PluginCandidate(path: path, sealed: sealed).title) }
    /// ```
    /// - Parameters:
    ///   - path: The plugin file.
    ///   - sealed: What the file declares.
    ///   - refusal: Why the file was refused before resolution, if it was.
    ///   - contentDigest: The digest of the file's content when its declarations were read.
    public init(path: String, sealed: SealedManifest, refusal: String? = nil, contentDigest: String? = nil) {
        self.init(
            path: path, name: sealed.name, version: sealed.version, dependencies: sealed.dependencies,
            refusal: refusal, contentDigest: contentDigest, permissions: sealed.permissions)
    }

    /// The plugin's name and version, `Blog 2.1.0`.
    ///
    /// ```swift
    /// print(candidate.title)  // Blog 2.1.0
    /// ```
    public var title: String { "\(name) \(version)" }
}

/// What the loader requires of plugin files beyond being valid plugins.
///
/// ```swift
/// let loader = PluginLoader(policy: LoadPolicy(allowlist: ["Circles", "Account"]))
/// ```
public struct LoadPolicy: Sendable, Hashable {
    /// Refuse a plugin file, its directory, or a directory above it, that group or others may
    /// write (a directory above may if it has the sticky bit, as `/tmp` has), or that is owned by
    /// neither the running user nor root — as OpenSSH's StrictModes does. Symbolic links are
    /// followed: the directories are checked as the path names them and as they resolve. On by
    /// default; turn it off only for development.
    ///
    /// ```swift
    /// let development = PluginLoader(policy: LoadPolicy(checksPermissions: false))  // e.g. a shared build folder
    /// ```
    public var checksPermissions: Bool
    /// When set, only plugins with these manifest names are loaded; others are refused.
    ///
    /// ```swift
    /// let policy = LoadPolicy(allowlist: ["Shell", "Circles"])  // any other plugin is refused
    /// ```
    public var allowlist: Set<String>?
    /// Map each plugin from a sealed copy of its file in memory rather than from the file: a new
    /// build then written over the file in place (`cp`, say, which keeps the inode) cannot change
    /// the running image under it, which would end the process with SIGBUS. Each plugin then
    /// takes its file's size in memory of its own. For hosts that replace plugins while they run
    /// (``PluginPopulation/reload(_:)`` maps a copy of the new build either way); off by default.
    ///
    /// ```swift
    /// let watching = PluginLoader(policy: LoadPolicy(mapsPrivateCopies: true))
    /// ```
    public var mapsPrivateCopies: Bool
    /// What the person lets isolated plugins do beyond running their code: an isolated plugin
    /// that declares more (``PluginCandidate/permissions``) is refused before it starts, and its
    /// process is confined to what it declared (``ProcessConfinement``). None by default.
    ///
    /// ```swift
    /// var grants = PermissionGrants()
    /// try grants.grant("Notes=read ~/notes")
    /// let loader = PluginLoader(policy: LoadPolicy(grants: grants))
    /// ```
    public var grants: PermissionGrants

    /// Creates a policy.
    /// - Parameters:
    ///   - checksPermissions: Whether to check ownership and permissions (default `true`).
    ///   - allowlist: The plugin names allowed, or `nil` for any.
    ///   - mapsPrivateCopies: Whether to map sealed copies of the plugin files (default `false`).
    ///   - grants: What isolated plugins may do beyond running their code (default none).
    ///
    /// ```swift
    /// let loader = PluginLoader(policy: LoadPolicy(checksPermissions: true, allowlist: ["Shell", "Blog"]))
    /// ```
    public init(
        checksPermissions: Bool = true, allowlist: Set<String>? = nil, mapsPrivateCopies: Bool = false,
        grants: PermissionGrants = PermissionGrants()
    ) {
        self.checksPermissions = checksPermissions
        self.allowlist = allowlist
        self.mapsPrivateCopies = mapsPrivateCopies
        self.grants = grants
    }

    /// The default: permissions checked, any plugin name.
    ///
    /// ```swift
    /// let loader = PluginLoader(policy: .strict)  // the same as PluginLoader()
    /// ```
    public static let strict = LoadPolicy()
}

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

    /// Creates a policy.
    /// - Parameters:
    ///   - checksPermissions: Whether to check ownership and permissions (default `true`).
    ///   - allowlist: The plugin names allowed, or `nil` for any.
    ///
    /// ```swift
    /// let loader = PluginLoader(policy: LoadPolicy(checksPermissions: true, allowlist: ["Shell", "Blog"]))
    /// ```
    public init(checksPermissions: Bool = true, allowlist: Set<String>? = nil) {
        self.checksPermissions = checksPermissions
        self.allowlist = allowlist
    }

    /// The default: permissions checked, any plugin name.
    ///
    /// ```swift
    /// let loader = PluginLoader(policy: .strict)  // the same as PluginLoader()
    /// ```
    public static let strict = LoadPolicy()
}

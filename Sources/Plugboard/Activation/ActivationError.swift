/// Why a declared plugin could not be activated. Nothing of it is then registered, and the same
/// error answers every later use of it.
///
/// ```swift
/// do { try await population.activate("Circles") } catch { print(error) }  // names the plugin and the cause
/// ```
public enum ActivationError: Error, Sendable, CustomStringConvertible {
    /// No declared plugin has this name.
    ///
    /// ```swift
    /// catch .unknownPlugin(let name, let declared) { print(name, "is not among", declared) }
    /// ```
    case unknownPlugin(name: String, declared: [String])
    /// A plugin it needs could not be activated.
    ///
    /// ```swift
    /// catch .dependencyFailed(let plugin, let dependency, _) { print(plugin, "needs", dependency) }
    /// ```
    case dependencyFailed(plugin: String, dependency: String, reason: String)
    /// The loader refused its file (its checks, `dlopen`, its manifest, or its modules'
    /// registrations).
    ///
    /// ```swift
    /// catch .refused(_, let error) { print(error.path) }
    /// ```
    case refused(plugin: String, PluginLoadError)
    /// Its startup tasks do not form a valid graph, or a required one failed.
    ///
    /// ```swift
    /// catch .tasksFailed(let plugin, let reason) { print(plugin, reason) }
    /// ```
    case tasksFailed(plugin: String, reason: String)
    /// The plugin is not active, so there is nothing to replace: declare it anew from what its
    /// file declares now (``PluginPopulation/redeclare(_:manifest:)``), and it loads that build
    /// when it is first needed.
    ///
    /// ```swift
    /// catch .notActive(let plugin) { print(plugin, "is declared: read its declarations again") }
    /// ```
    case notActive(plugin: String)
    /// The plugin is active, so what its file declares now is not taken without its code: replace
    /// it (``PluginPopulation/reload(_:)``).
    ///
    /// ```swift
    /// catch .alreadyActive(let plugin) { try await population.reload(plugin) }
    /// ```
    case alreadyActive(plugin: String)
    /// The new build of `plugin` has a version that an active plugin which needs it does not
    /// accept: the old build stays.
    ///
    /// ```swift
    /// catch .breaksDependent(_, let version, let dependent, let needs) { print(dependent, "needs", needs, "not", version) }
    /// ```
    case breaksDependent(plugin: String, version: String, dependent: String, needs: PluginDependency)
    /// An active plugin links the plugin's library (it imports its module): it stays bound to the
    /// old build's image, so the new build cannot be swapped in under it.
    ///
    /// ```swift
    /// catch .linkedBy(_, let library, let dependent) { print(dependent, "links", library) }
    /// ```
    case linkedBy(plugin: String, library: String, dependent: String)

    /// What failed, for which plugin, and what to do.
    ///
    /// ```swift
    /// catch let error as ActivationError { print(error.description) }
    /// ```
    public var description: String {
        switch self {
        case .unknownPlugin(let name, let declared):
            "no plugin named '\(name.escapingControlCharacters)' is declared"
                + (declared.isEmpty ? "" : "; declared: \(declared.joined(separator: ", "))")
        case .dependencyFailed(let plugin, let dependency, let reason):
            "plugin '\(plugin)' needs '\(dependency)', which could not be activated: \(reason)"
        case .refused(let plugin, let error):
            "plugin '\(plugin)' was refused: \(error.description)"
        case .tasksFailed(let plugin, let reason):
            "the startup tasks of plugin '\(plugin)' failed: \(reason)"
        case .breaksDependent(let plugin, let version, let dependent, let needs):
            "the new build of '\(plugin)' is version \(version), but \(dependent), which is active, needs \(needs): "
                + "the old build stays; keep the version, or first give \(dependent) a build that accepts it"
        case .linkedBy(let plugin, let library, let dependent):
            "\(dependent) links \(library), the library of '\(plugin)', and stays bound to the build loaded now: "
                + "the new build cannot be swapped in under it; restart the host to load both anew"
        case .notActive(let plugin):
            "plugin '\(plugin)' is not active, so there is nothing to replace: declare it anew from its file, "
                + "and it loads that build when it is first needed"
        case .alreadyActive(let plugin):
            "plugin '\(plugin)' is active: replace it, code and declarations together, rather than declare it anew"
        }
    }
}

/// Why a plugin file was not loaded. Each case names the file and says what to do.
///
/// ```swift
/// do {
///     try PluginLoader().load(file: "plugins/libCircles.so")
/// } catch {
///     print(error)  // names the file and says what to do; nothing of the plugin is registered
/// }
/// ```
public enum PluginLoadError: Error, Sendable, CustomStringConvertible {
    /// Nothing exists at the path (or a symbolic link points nowhere).
    ///
    /// ```swift
    /// catch .fileNotFound(let path) { print("no plugin at", path) }
    /// ```
    case fileNotFound(path: String)
    /// A file's name is not valid UTF-8, so a Swift string cannot hold it, and it cannot be opened
    /// by the name listed (each invalid byte shown as `�`).
    ///
    /// ```swift
    /// catch .undecodableName(let path) { print("rename", path) }
    /// ```
    case undecodableName(path: String)
    /// The path is a directory or another non-regular file.
    ///
    /// ```swift
    /// try PluginLoader().load(file: "plugins")  // throws .notAFile(path: "plugins", kind: "directory")
    /// ```
    case notAFile(path: String, kind: String)
    /// A directory of plugins was asked for, and the path is a file.
    ///
    /// ```swift
    /// try PluginLoader().load(directory: "plugins/libCircles.so")  // throws .notADirectory
    /// ```
    case notADirectory(path: String)
    /// A directory of plugins was asked for, and nothing exists at the path.
    ///
    /// ```swift
    /// try PluginLoader().load(directory: "plugins")  // throws .directoryNotFound when there is none
    /// ```
    case directoryNotFound(path: String)
    /// The file or directory exists but cannot be read.
    ///
    /// ```swift
    /// catch .unreadable(let path, let reason) { print(path, reason) }
    /// ```
    case unreadable(path: String, reason: String)
    /// The file is not a shared object this host can load; `reason` says what is wrong.
    ///
    /// ```swift
    /// try PluginLoader().load(file: "notes.txt.so")  // throws .notASharedObject(…, reason: "no ELF header")
    /// ```
    case notASharedObject(path: String, reason: String)
    /// The dynamic loader refused the file; `reason` is its `dlerror()` text.
    ///
    /// ```swift
    /// catch .openFailed(_, let reason) { print(reason) }  // e.g. a missing dependency library
    /// ```
    case openFailed(path: String, reason: String)
    /// The file is a shared object without a Plugboard plugin manifest.
    ///
    /// ```swift
    /// try PluginLoader().load(file: "/usr/lib/x86_64-linux-gnu/libz.so.1")  // throws .noManifest
    /// ```
    case noManifest(path: String)
    /// More than one type in the file declares a plugin manifest.
    ///
    /// ```swift
    /// catch .multipleManifests(_, let types) { print("one Plugin type per file, found", types) }
    /// ```
    case multipleManifests(path: String, types: [String])
    /// The plugin was built against another runtime or toolchain than this host runs.
    ///
    /// ```swift
    /// catch .fingerprintMismatch(_, let plugin, let host) { print("built with", plugin, "but this host is", host) }
    /// ```
    case fingerprintMismatch(path: String, plugin: RuntimeFingerprint, host: RuntimeFingerprint)
    /// A plugin with the same name is already loaded.
    ///
    /// ```swift
    /// catch .duplicatePlugin(let name, _, let loadedFrom) { print(name, "is already loaded from", loadedFrom) }
    /// ```
    case duplicatePlugin(name: String, path: String, loadedFrom: String)
    /// The plugin's modules could not be registered; nothing of the plugin was kept.
    ///
    /// ```swift
    /// catch .registrationFailed(_, let plugin, let error) { print(plugin, "refused:", error) }
    /// ```
    case registrationFailed(path: String, plugin: String, error: RegistrationError)
    /// The Swift runtime's metadata layout is unknown and the plugin exports no entry symbol.
    ///
    /// ```swift
    /// catch .unknownMetadataLayout(_, let version) { print("export plugboard_plugin_entry; layout", version) }
    /// ```
    case unknownMetadataLayout(path: String, version: UInt)
    /// The plugin links a library that lies beside it, or another plugin's library, that is not the
    /// library of a plugin loaded before it: the dynamic linker could not bind it to an image the
    /// loader checked.
    ///
    /// ```swift
    /// catch .linksUnloadedLibrary(_, let library) { print("load the plugin whose library is", library, "first") }
    /// ```
    case linksUnloadedLibrary(path: String, library: String)
    /// The plugin links another plugin's library without declaring that plugin as a dependency.
    ///
    /// ```swift
    /// catch .undeclaredLinkedPlugin(_, _, let plugin) { print("declare .plugin(\"\(plugin)\", from: …)") }
    /// ```
    case undeclaredLinkedPlugin(path: String, library: String, plugin: String)
    /// The plugin, once mapped, declares another name, version or dependencies than what was read
    /// of its file before (``PluginLoader/load(resolved:loaded:)``): the file was replaced in
    /// between.
    ///
    /// ```swift
    /// catch .changedWhileLoading(let path, _, _) { print("load", path, "again") }
    /// ```
    case changedWhileLoading(path: String, read: String, loaded: String)
    /// The file's content is not what it was when its declarations were read
    /// (``PluginCandidate/contentDigest``): it was rebuilt or rewritten since. Refused before it
    /// is mapped.
    ///
    /// ```swift
    /// catch .contentChanged(let path) { print(path, "changed; start again to read it anew") }
    /// ```
    case contentChanged(path: String)
    /// The file or its directory could be changed by someone other than its owner.
    ///
    /// ```swift
    /// catch .insecurePermissions(let path, let reason) { print(path, reason) }  // chmod go-w, then retry
    /// ```
    case insecurePermissions(path: String, reason: String)
    /// The plugin is not on the host's allowlist.
    ///
    /// ```swift
    /// catch .notAllowed(_, let plugin, let allowed) { print(plugin, "is not in", allowed) }
    /// ```
    case notAllowed(path: String, plugin: String, allowed: [String])
    /// The plugin's manifest has an empty name or version, or a name with whitespace or control
    /// characters.
    ///
    /// ```swift
    /// catch .invalidManifest(_, let reason) { print(reason) }  // e.g. "the name is empty"
    /// ```
    case invalidManifest(path: String, reason: String)
    /// The sealed manifest in the file is malformed, or disagrees with the plugin.
    ///
    /// ```swift
    /// catch .corruptManifest(let path, let reason) { print(path, reason) }  // run `plugboard seal` again
    /// ```
    case corruptManifest(path: String, reason: String)
    /// The plugin, or the group it runs with, could not run in a plugin process of its own: the
    /// process could not start, or refused it (``IsolationError``); `path` is the group's first file.
    ///
    /// ```swift
    /// catch .isolationFailed(_, let error) { print(error) }
    /// ```
    case isolationFailed(path: String, error: IsolationError)
    /// The plugin declares permissions that were not granted (``PermissionGrants``), so it is not
    /// started isolated: none of its code ran.
    ///
    /// ```swift
    /// catch .notGranted(_, let plugin, let permissions) { print(plugin, permissions.map(\.description)) }
    /// ```
    case notGranted(path: String, plugin: String, permissions: [PluginPermission])
    /// The file's declarations are not sealed into it, so what it declares cannot be read without
    /// running its code: a population read from a directory to be placed by an isolation policy
    /// needs them (``PluginLoader/load(directory:isolation:command:deadline:onStop:onOutput:)``).
    ///
    /// ```swift
    /// catch .unsealed(let path) { print("plugboard seal", path) }
    /// ```
    case unsealed(path: String)
    /// The population's resolution refused the plugin (``PluginRefusal``): it needs a plugin that
    /// is missing or of another version, or a route another plugin before it declares; `reason`
    /// says which, down to the root cause.
    ///
    /// ```swift
    /// catch .refused(_, let reason) { print(reason) }
    /// ```
    case refused(path: String, reason: String)

    /// The path of the file the error is about.
    ///
    /// ```swift
    /// for case .failure(let error) in try loader.load(directory: "plugins") { print(error.path) }
    /// ```
    public var path: String {
        switch self {
        case .fileNotFound(let path), .undecodableName(let path), .notAFile(let path, _), .notADirectory(let path),
            .directoryNotFound(let path),
            .unreadable(let path, _), .notASharedObject(let path, _), .openFailed(let path, _), .noManifest(let path),
            .multipleManifests(let path, _), .fingerprintMismatch(let path, _, _),
            .duplicatePlugin(_, let path, _), .registrationFailed(let path, _, _),
            .unknownMetadataLayout(let path, _), .insecurePermissions(let path, _), .notAllowed(let path, _, _),
            .linksUnloadedLibrary(let path, _), .undeclaredLinkedPlugin(let path, _, _),
            .changedWhileLoading(let path, _, _), .contentChanged(let path),
            .invalidManifest(let path, _), .corruptManifest(let path, _), .isolationFailed(let path, _),
            .notGranted(let path, _, _), .unsealed(let path), .refused(let path, _):
            path
        }
    }

    /// What failed, for which file, and what to do.
    ///
    /// ```swift
    /// catch { print(error.description) }
    /// ```
    public var description: String {
        let shownPath = path.escapingControlCharacters
        return switch self {
        case .fileNotFound:
            "\(shownPath): no such file; check the path (a symbolic link must point to an existing file)"
        case .undecodableName:
            "\(shownPath): its name is not valid UTF-8 (each invalid byte is shown as �), so it cannot be opened "
                + "by this name; rename the file"
        case .notAFile(_, let kind):
            "\(shownPath): is a \(kind), not a plugin file; pass a .so file, or load the directory's plugins"
        case .notADirectory:
            "\(shownPath): is not a directory; pass the directory that holds the plugin files"
        case .directoryNotFound:
            "\(shownPath): no such directory; check the path, or build the plugins first (a package builds them "
                + "into its .build/debug, one made by plugboard new into .plugboard-build/debug beside it)"
        case .unreadable(_, let reason):
            "\(shownPath): cannot be read (\(reason)); check its permissions"
        case .notASharedObject(_, let reason):
            "\(shownPath): not a loadable shared object: \(reason); rebuild the plugin as a .dynamic library product"
        case .openFailed(_, let reason):
            "\(shownPath): the dynamic loader refused it: \(reason.escapingControlCharacters)"
        case .noManifest:
            "\(shownPath): has no Plugboard plugin manifest; declare one type conforming to `Plugin` "
                + "(public enum MyPlugin: Plugin { public static let manifest = PluginManifest(name:version:) })"
        case .multipleManifests(_, let types):
            "\(shownPath): declares \(types.count) plugin manifests (\(types.joined(separator: ", "))); keep exactly one"
        case .fingerprintMismatch(_, let plugin, let host):
            "\(shownPath): built for \(plugin), but this host runs \(host); rebuild the plugin against this "
                + "host's runtime with its toolchain (plugboard --version shows both)"
        case .duplicatePlugin(let name, let path, let loadedFrom) where path == loadedFrom:
            "\(shownPath): plugin '\(name)' is already loaded from this same file; load each file once"
        case .duplicatePlugin(let name, _, let loadedFrom):
            "\(shownPath): plugin '\(name)' is already loaded from \(loadedFrom.escapingControlCharacters); "
                + "remove one of the copies"
        case .registrationFailed(_, let plugin, let error):
            "\(shownPath): plugin '\(plugin)' was not registered: \(error)"
        case .insecurePermissions(_, let reason):
            "\(shownPath): refused: \(reason) (LoadPolicy(checksPermissions: false) relaxes this for development)"
        case .invalidManifest(_, let reason):
            "\(shownPath): its manifest is not valid: \(reason); fix the PluginManifest(name:version:) of its Plugin type"
        case .corruptManifest(_, let reason):
            "\(shownPath): its sealed manifest is corrupt: \(reason); run plugboard seal on a fresh build of it"
        case .isolationFailed(_, let error):
            "\(shownPath): could not run isolated: \(error)"
        case .notGranted(_, let plugin, let permissions):
            "\(shownPath): plugin '\(plugin)' asks to "
                + permissions.map(\.description).joined(separator: ", ")
                + ", which \(permissions.count == 1 ? "was" : "were") not granted; grant "
                + (permissions.count == 1 ? "it" : "them") + " to run it isolated"
        case .unsealed:
            "\(shownPath): its declarations are not sealed into it, so they cannot be read without running its "
                + "code; seal it (plugboard seal \(shownPath)) to place it by an isolation policy"
        case .refused(_, let reason):
            "\(shownPath): refused: \(reason.escapingControlCharacters)"
        case .notAllowed(_, let plugin, let allowed):
            "\(shownPath): plugin '\(plugin)' is not on this host's allowlist (\(allowed.joined(separator: ", ")))"
        case .unknownMetadataLayout(_, let version):
            "\(shownPath): this Swift runtime reports metadata layout version \(version), which Plugboard cannot read; "
                + "export the fallback entry symbol '\(PluginEntry.symbolName)' from the plugin (see PluginEntry)"
        case .linksUnloadedLibrary(_, let library):
            "\(shownPath): links \(library.escapingControlCharacters), which is not the library of a plugin loaded "
                + "before it, so it could not be bound to a checked image; if it is a plugin's library, install that "
                + "plugin, declare it as a dependency, and give its library a soname (linkerSettings: "
                + "[.unsafeFlags([\"-Xlinker\", \"-soname=\(library.escapingControlCharacters)\"])]); otherwise link "
                + "that code statically"
        case .changedWhileLoading(_, let read, let loaded):
            "\(shownPath): changed while it was being loaded: it was read as \(read.escapingControlCharacters), "
                + "but the file mapped declares \(loaded.escapingControlCharacters) (or other dependencies); load it again"
        case .contentChanged:
            "\(shownPath): its content changed since its declarations were read (it was rebuilt or rewritten); "
                + "start the host again to read it anew"
        case .undeclaredLinkedPlugin(_, let library, let plugin):
            "\(shownPath): links \(library.escapingControlCharacters), the library of plugin "
                + "\(plugin.escapingControlCharacters), without declaring it; add .plugin(\"\(plugin.escapingControlCharacters)\", "
                + "from: \"<the version it was built against>\") to the dependencies of its PluginManifest, so that "
                + "\(plugin.escapingControlCharacters) is checked and loaded first"
        }
    }
}

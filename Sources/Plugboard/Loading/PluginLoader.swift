internal import CPlugboard
internal import FoundationEssentials
internal import Glibc

/// Loads plugins from shared-object files and registers their modules.
///
/// ```swift
/// let loader = PluginLoader()
/// for result in try loader.load(directory: "plugins") {
///     switch result {
///     case .success(let plugin): print("loaded \(plugin.manifest.name)")
///     case .failure(let error): print(error)  // the other plugins still load
///     }
/// }
/// ```
///
/// Each file is checked before any of its code runs as a module: it must be a complete shared
/// object for this machine that only its owner (or root) can change, carry exactly one manifest (a
/// type conforming to ``Plugin``), have been built against this runtime with this toolchain, and be
/// on the ``LoadPolicy/allowlist`` if there is one. Its modules are then registered
/// all-or-nothing. Plugins are opened with `RTLD_NODELETE` and never unloaded: the Swift runtime
/// keeps pointers into every image it has seen, so unloading one would crash the process later.
public struct PluginLoader: Sendable {
    /// How the loader finds a plugin's modules.
    @_spi(Testing) public enum Discovery: Sendable {
        /// From the Swift metadata sections of the plugin's image, falling back to the entry symbol
        /// when the runtime's layout is unknown.
        case metadataSections
        /// From the plugin's exported ``PluginEntry`` symbol only.
        case entrySymbol
    }

    /// The registry plugins register into.
    ///
    /// ```swift
    /// PluginLoader().registry === Registry.shared  // true
    /// ```
    public let registry: Registry
    /// What the loader requires of plugin files.
    ///
    /// ```swift
    /// PluginLoader().policy.checksPermissions  // true
    /// ```
    public let policy: LoadPolicy
    private let discovery: Discovery

    /// Creates a loader that registers into `registry`.
    /// - Parameters:
    ///   - registry: Where modules are registered; the process-wide one by default.
    ///   - policy: Ownership, permission and allowlist checks; ``LoadPolicy/strict`` by default.
    ///
    /// ```swift
    /// let loader = PluginLoader()                                      // shared registry, strict checks
    /// let testLoader = PluginLoader(registry: Registry(), policy: LoadPolicy(checksPermissions: false))
    /// ```
    public init(registry: Registry = .shared, policy: LoadPolicy = .strict) {
        self.init(registry: registry, policy: policy, discovery: .metadataSections)
    }

    /// Creates a loader that finds modules the way `discovery` says (for tests of the fallback).
    @_spi(Testing) public init(registry: Registry, policy: LoadPolicy = .strict, discovery: Discovery) {
        self.registry = registry
        self.policy = policy
        self.discovery = discovery
    }

    /// The name of the runtime library, which a plugin package's build directory also holds and
    /// which is never a plugin.
    ///
    /// ```swift
    /// PluginLoader.runtimeLibraryName  // "libPlugboard.so", never loaded as a plugin
    /// ```
    public static let runtimeLibraryName = "libPlugboard.so"

    /// The plugin files (`*.so`) directly inside `directory`, sorted by name (byte by byte), leaving
    /// out the runtime library itself.
    ///
    /// - Parameter directory: The directory to list.
    /// - Returns: Full paths, in the order the loader loads them.
    /// - Throws: ``PluginLoadError`` when the directory is missing, unreadable, or a file.
    ///
    /// ```swift
    /// let files = try PluginLoader.pluginFiles(in: ".build/debug")  // ["…/libBlog.so", "…/libCircles.so"]
    /// ```
    public static func pluginFiles(in directory: String) throws(PluginLoadError) -> [String] {
        var status = stat()
        guard stat(directory, &status) == 0 else {
            let code = errno
            if code == ENOENT, !UndecodableFileName.isListed(as: directory) {
                throw .directoryNotFound(path: directory)
            }
            throw statFailure(at: directory, errno: code)
        }
        guard status.st_mode & S_IFMT == S_IFDIR else { throw .notADirectory(path: directory) }
        let names: [[UInt8]]
        do {
            names = try DirectoryNames.raw(in: directory)
        } catch {
            throw .unreadable(path: directory, reason: error.reason)
        }
        // Chosen and sorted by their bytes, then made strings (a name's bytes are what names it),
        // each after the part of the path that joining any name to the directory gives.
        let (suffix, runtime) = (Array(".so".utf8), Array(runtimeLibraryName.utf8))
        let directoryPrefix = PathParts.joining(directory, "")
        return names.filter { $0.count >= 3 && $0.suffix(3).elementsEqual(suffix) && $0 != runtime }
            .sorted { $0.lexicographicallyPrecedes($1) }
            .map { directoryPrefix + String(decoding: $0, as: UTF8.self) }
    }

    /// Loads every plugin file in `directory`, in name order; a failing plugin does not stop the rest.
    ///
    /// - Parameter directory: A directory containing plugin `.so` files.
    /// - Returns: One result per file, in load order.
    /// - Throws: ``PluginLoadError`` when the directory itself cannot be listed.
    ///
    /// ```swift
    /// for result in try PluginLoader().load(directory: "plugins") {
    ///     switch result {
    ///     case .success(let plugin): print("loaded", plugin.manifest.name)
    ///     case .failure(let error): print(error)
    ///     }
    /// }
    /// ```
    public func load(directory: String) throws(PluginLoadError) -> [Result<LoadedPlugin, PluginLoadError>] {
        load(files: try Self.pluginFiles(in: directory))
    }

    /// Loads `paths` in order, as ``load(file:)`` loads each; a failing plugin does not stop the rest.
    ///
    /// Everything but `dlopen` itself stays on the calling thread, in the order of `paths`: the
    /// checks before `dlopen`, finding each plugin's manifest and modules, and registering them,
    /// so modules are registered and their code runs exactly as with one ``load(file:)`` after
    /// another. The `dlopen`s run on a thread of their own, each after its file passed the checks,
    /// while this thread registers the plugins already open; with two cores or more, loading takes
    /// little longer than the `dlopen`s alone. (The first `dlopen`s, until that thread has
    /// started, and with one core or one file all of them, run on this thread.)
    ///
    /// The registrations become visible to lookups together, when this method returns (sooner
    /// only if another registration publishes them), so that each is applied to the registry once
    /// rather than twice; a module's code that reads the registry while it registers sees it as it
    /// was before the call.
    ///
    /// - Parameters:
    ///   - paths: Plugin files, in the order to register them.
    ///   - loaded: Called on this thread with each file and its result as soon as it is known,
    ///     in the order of `paths` (to report progress).
    /// - Returns: One result per file, in the order of `paths`.
    ///
    /// ```swift
    /// let results = PluginLoader().load(files: ["plugins/libBlog.so", "plugins/libCircles.so"]) { path, result in
    ///     print(path, (try? result.get()) == nil ? "failed" : "loaded")
    /// }
    /// ```
    @discardableResult
    public func load(
        files paths: [String],
        loaded: (_ path: String, _ result: Result<LoadedPlugin, PluginLoadError>) -> Void = { _, _ in }
    ) -> [Result<LoadedPlugin, PluginLoadError>] {
        load(paths.map { ($0, nil) }, loaded: loaded)
    }

    /// Loads a resolved population in its order (``PluginResolution/order``), as
    /// ``load(files:loaded:)`` loads files, holding each plugin to the declarations it was resolved
    /// with: a plugin that links another plugin's library without declaring that plugin is refused
    /// before `dlopen`, sealed or not, and a file that declares something else once mapped than
    /// what was read of it before (it was replaced in between) is refused.
    ///
    /// - Parameters:
    ///   - population: The candidates to load, dependencies first.
    ///   - loaded: Called on this thread with each file and its result, in order.
    /// - Returns: One result per candidate, in order.
    ///
    /// ```swift
    /// let resolution = PluginResolver.resolve(candidates)
    /// for result in PluginLoader().load(resolved: resolution.order) { print(result) }
    /// ```
    @discardableResult
    public func load(
        resolved population: [PluginCandidate],
        loaded: (_ path: String, _ result: Result<LoadedPlugin, PluginLoadError>) -> Void = { _, _ in }
    ) -> [Result<LoadedPlugin, PluginLoadError>] {
        load(population.map { ($0.path, $0) }, loaded: loaded)
    }

    private func load(
        _ entries: [(path: String, declared: PluginCandidate?)],
        loaded: (_ path: String, _ result: Result<LoadedPlugin, PluginLoadError>) -> Void
    ) -> [Result<LoadedPlugin, PluginLoadError>] {
        let opening = InOrderWorker<Opening>(expecting: entries.count)
        var permissions = FilePermissions()
        var listings = DirectoryListings()
        var libraries = PluginLibraries(loaded: registry.snapshot.plugins)
        for (path, declared) in entries {
            do throws(PluginLoadError) {
                let (checked, linked) = try checkFile(
                    at: path, declared: declared, permissions: &permissions, listings: &listings,
                    libraries: &libraries)
                opening.submit {
                    do throws(PluginLoadError) {
                        return .opened(try open(path, checked: checked, linking: linked))
                    } catch {
                        return .refused(error)
                    }
                }
            } catch {
                opening.submit { .refused(error) }
            }
        }
        defer { opening.release(registry.publishStaged()) }
        return entries.map { path, declared in
            let result: Result<LoadedPlugin, PluginLoadError>
            switch opening.next() {
            case .opened(let opened):
                result = Result { () throws(PluginLoadError) in
                    try register(opened, declared: declared, libraries: &libraries, publishing: false)
                }
            case .refused(let error):
                result = .failure(error)
            }
            loaded(path, result)
            return result
        }
    }

    /// Loads one plugin file and registers its modules.
    ///
    /// - Parameter path: The plugin's `.so` file.
    /// - Returns: The loaded plugin.
    /// - Throws: ``PluginLoadError`` naming the file; the registry is then unchanged.
    ///
    /// ```swift
    /// let plugin = try PluginLoader().load(file: "plugins/libCircles.so")
    /// ```
    @discardableResult
    public func load(file path: String) throws(PluginLoadError) -> LoadedPlugin {
        var (permissions, listings) = (FilePermissions(), DirectoryListings())
        var libraries = PluginLibraries(loaded: registry.snapshot.plugins)
        let (checked, linked) = try checkFile(
            at: path, declared: nil, permissions: &permissions, listings: &listings, libraries: &libraries)
        let opened = try open(path, checked: checked, linking: linked)
        return try register(opened, declared: nil, libraries: &libraries, publishing: true)
    }

    /// Maps the file `checked`, opened as `path`, which passed the checks before `dlopen`.
    ///
    /// The file is mapped through the descriptor the checks read, never by its path again: a file
    /// renamed over `path` after the checks stays unloaded. The descriptor stays open once the file
    /// is mapped (see ``CheckedFile/descriptor``); the loader's records keep `path`.
    /// The plugin libraries it links, `linked`, must be mapped already (the plugins whose libraries
    /// they are were loaded before it): the dynamic linker binds them to those checked images.
    private func open(_ path: String, checked: CheckedFile, linking linked: [String]) throws(PluginLoadError)
        -> OpenedPlugin
    {
        for library in linked {
            guard let bound = dlopen(library, RTLD_NOLOAD | RTLD_LAZY) else {
                close(checked.descriptor)
                throw .linksUnloadedLibrary(path: path, library: library)
            }
            dlclose(bound)
        }
        guard let handle = dlopen(checked.mappingName, RTLD_NOW | RTLD_LOCAL | RTLD_NODELETE) else {
            let reason = dlerror().map { String(cString: $0) } ?? "unknown error"
            close(checked.descriptor)
            // A library it links that the dynamic linker finds nowhere is most often a plugin's
            // that is not installed, or not loaded before it.
            if let missing = checked.dynamic.needed.first(where: {
                reason.hasPrefix("\($0): cannot open shared object")
            }) {
                throw .linksUnloadedLibrary(path: path, library: missing)
            }
            throw .openFailed(path: path, reason: reason.replacing(checked.mappingName, with: path))
        }
        return OpenedPlugin(
            path: path, sealed: checked.sealed, handle: handle, soname: checked.dynamic.soname, linkedPlugins: linked)
    }

    /// Finds the manifest and modules of `opened`, checks the manifest against this host, against
    /// what was `declared` of it before, and against the plugin libraries it links, then registers
    /// the modules, published at once or only staged (see ``Registry/publishStaged()``); records
    /// in `libraries` whose its soname is, or forgets it when the plugin is refused.
    private func register(
        _ opened: OpenedPlugin, declared: PluginCandidate?, libraries: inout PluginLibraries, publishing: Bool
    ) throws(PluginLoadError) -> LoadedPlugin {
        do {
            let plugin = try register(opened, declared: declared, libraries: libraries, publishing: publishing)
            libraries.registered(plugin.soname, plugin: plugin.manifest.name)
            return plugin
        } catch {
            libraries.refused(opened.soname)
            throw error
        }
    }

    private func register(
        _ opened: OpenedPlugin, declared: PluginCandidate?, libraries: PluginLibraries, publishing: Bool
    ) throws(PluginLoadError) -> LoadedPlugin {
        let (plugin, modules) = try checked(opened, declared: declared, libraries: libraries)
        do {
            try registry.register(modules, image: plugin.path, plugin: plugin, publishing: publishing)
        } catch {
            throw Self.registrationFailure(error, of: plugin)
        }
        return plugin
    }

    /// Checks the file of `candidate` and maps it as ``load(resolved:loaded:)`` does, then asks
    /// its modules what they register, without applying any of it: for an activation that runs
    /// the plugin's startup tasks before its registrations are published. With `copying`, a
    /// sealed copy of the file is checked and mapped (see `pb_sealed_copy`), for a new build of a
    /// loaded plugin, whose declarations are then those of the copy.
    func prepare(_ candidate: PluginCandidate, copying: Bool = false) throws(PluginLoadError) -> PreparedPlugin {
        let declared = copying ? nil : candidate
        var (permissions, listings) = (FilePermissions(), DirectoryListings())
        var libraries = PluginLibraries(loaded: registry.snapshot.plugins)
        let (checked, linked) = try checkFile(
            at: candidate.path, declared: declared, permissions: &permissions, listings: &listings,
            libraries: &libraries, copying: copying)
        let opened = try open(candidate.path, checked: checked, linking: linked)
        let (plugin, modules) = try self.checked(opened, declared: declared, libraries: libraries)
        do {
            return PreparedPlugin(
                plugin: plugin,
                contributions: try registry.contributions(of: modules, image: plugin.path, plugin: plugin))
        } catch {
            throw Self.registrationFailure(error, of: plugin)
        }
    }

    /// The loader's error for `error`, met registering `plugin`.
    static func registrationFailure(_ error: RegistrationError, of plugin: LoadedPlugin) -> PluginLoadError {
        if case .rejected(let problems) = error, case .duplicatePlugin(let name, let existing, _) = problems.first {
            return .duplicatePlugin(name: name, path: plugin.path, loadedFrom: existing)
        }
        return .registrationFailed(path: plugin.path, plugin: plugin.manifest.name, error: error)
    }

    /// The plugin `opened` and its modules, once its manifest passed the checks against this
    /// host, against what was `declared` of it before, and against the plugin libraries it links.
    private func checked(
        _ opened: OpenedPlugin, declared: PluginCandidate?, libraries: PluginLibraries
    ) throws(PluginLoadError) -> (LoadedPlugin, [NamedModule]) {
        let path = opened.path
        let (pluginType, modules, skipped) = try declarations(in: opened.handle, path: path)
        // Before the manifest, whose layout is this runtime build's: a plugin compiled against
        // another build could not be read safely.
        let compiled = pluginType.compiledFingerprint
        let fingerprint = RuntimeFingerprint(runtimeVersion: compiled.runtimeVersion, toolchain: compiled.toolchain)
        guard fingerprint == .current else {
            throw .fingerprintMismatch(path: path, plugin: fingerprint, host: .current)
        }
        let manifest = pluginType.manifest
        guard manifest.fingerprint == .current else {
            throw .fingerprintMismatch(path: path, plugin: manifest.fingerprint, host: .current)
        }
        if let problem = manifest.problem { throw .invalidManifest(path: path, reason: problem) }
        if let allowlist = policy.allowlist, !allowlist.contains(manifest.name) {
            throw .notAllowed(path: path, plugin: manifest.name, allowed: allowlist.sorted())
        }
        if let sealed = opened.sealed, sealed.name != manifest.name || sealed.version != manifest.version {
            throw .corruptManifest(
                path: path,
                reason: "the sealed manifest names \(sealed.name) \(sealed.version), the plugin declares "
                    + "\(manifest.name) \(manifest.version); seal it again"
            )
        }
        if let declared, opened.sealed == nil,
            declared.name != manifest.name || declared.version != manifest.version
                || declared.dependencies != manifest.dependencies
        {
            throw .changedWhileLoading(path: path, read: declared.title, loaded: "\(manifest.name) \(manifest.version)")
        }
        for library in opened.linkedPlugins {
            guard case .some(.some(let owner)) = libraries.owner(of: library) else {
                throw .linksUnloadedLibrary(path: path, library: library)
            }
            guard manifest.dependencies.contains(where: { $0.name == owner }) else {
                throw .undeclaredLinkedPlugin(path: path, library: library, plugin: owner)
            }
        }
        let plugin = LoadedPlugin(
            manifest: manifest, path: path, modules: modules.map(\.name), soname: opened.soname, warnings: skipped)
        return (plugin, modules)
    }

    /// Makes every check of the file alone that needs no plugin code to run — the file, its
    /// ownership and permissions, its ELF headers, and its sealed manifest's fingerprint and
    /// allowlist — without loading it. (Which plugin libraries it may link depends on the plugins
    /// loaded before it: loading checks that.)
    ///
    /// ```swift
    /// if let sealed = try PluginLoader().check(file: path) { print(sealed.routes) }
    /// ```
    /// - Parameter path: The plugin file.
    /// - Returns: The file's sealed manifest, or `nil` when it is not sealed.
    /// - Throws: ``PluginLoadError`` naming the file.
    public func check(file path: String) throws(PluginLoadError) -> SealedManifest? {
        var permissions = FilePermissions()
        return try check(path, permissions: &permissions)
    }

    /// Checks each of `paths` as ``check(file:)`` does, each directory once for all of them: what a
    /// host does first with every file it may load.
    ///
    /// ```swift
    /// for case .success(let sealed?) in PluginLoader().check(files: paths) { print(sealed.name) }
    /// ```
    /// - Parameter paths: Plugin files.
    /// - Returns: For each file, in order, its sealed manifest (`nil` when it is not sealed), or why
    ///   it is refused.
    public func check(files paths: [String]) -> [Result<SealedManifest?, PluginLoadError>] {
        check(files: paths) { _, _ in nil }
    }

    /// Checks the file `path` alone, as ``check(files:known:)`` checks each.
    func check(
        _ path: String, permissions: inout FilePermissions,
        known: (_ identity: FileIdentity) -> KnownFile? = { _ in nil }
    ) throws(PluginLoadError) -> SealedManifest? {
        let (status, isLink) = try Self.status(of: path)
        if let kept = known(FileIdentity(status)) {
            if policy.checksPermissions, let reason = permissions.problem(at: path, status: status, isLink: isLink) {
                throw .insecurePermissions(path: path, reason: reason)
            }
            guard case .sealed(let sealed) = kept else { return nil }
            try accept(sealed, at: path)
            return sealed
        }
        let checked = try checkFile(
            at: path, permissions: &permissions, readingLinks: false, status: (status, isLink))
        close(checked.descriptor)
        return checked.sealed
    }

    /// The status of the file `path` names (its target's, for a symbolic link), once it is known to
    /// be a regular file, and whether `path` is a symbolic link.
    private static func status(of path: String) throws(PluginLoadError) -> (stat, isLink: Bool) {
        var status = stat()
        // `lstat` tells a symbolic link, whose target's directories are checked too, for free.
        guard lstat(path, &status) == 0 else { throw statFailure(at: path, errno: errno) }
        let isLink = status.st_mode & S_IFMT == S_IFLNK
        if isLink && stat(path, &status) != 0 { throw statFailure(at: path, errno: errno) }
        try requireRegularFile(status, at: path)
        return (status, isLink)
    }

    /// Refuses a sealed manifest built for another runtime, or of a plugin the policy does not allow.
    private func accept(_ sealed: SealedManifest, at path: String) throws(PluginLoadError) {
        guard sealed.fingerprint == .current else {
            throw .fingerprintMismatch(path: path, plugin: sealed.fingerprint, host: .current)
        }
        if let allowlist = policy.allowlist, !allowlist.contains(sealed.name) {
            throw .notAllowed(path: path, plugin: sealed.name, allowed: allowlist.sorted())
        }
    }

    /// The error for a file whose `stat` failed with `code`.
    private static func statFailure(at path: String, errno code: Int32) -> PluginLoadError {
        if code == EACCES || code == ELOOP || code == ENAMETOOLONG {
            return .unreadable(path: path, reason: String(cString: strerror(code)))
        }
        if code == ENOENT, UndecodableFileName.isListed(as: path) { return .undecodableName(path: path) }
        return .fileNotFound(path: path)
    }

    /// Opens the file and checks it, through that one descriptor, before any of its code runs, as
    /// one of a loading call: alone, then against the plugin libraries it links (see
    /// ``checkLinks(of:path:declared:libraries:listings:)``). `permissions` checks each directory
    /// once, and `listings` lists it once: a loading call passes the same ones for every file, and
    /// the same `libraries`, to which the file's own soname is added once it passed.
    private func checkFile(
        at path: String, declared: PluginCandidate?, permissions: inout FilePermissions,
        listings: inout DirectoryListings, libraries: inout PluginLibraries, copying: Bool = false
    ) throws(PluginLoadError) -> (CheckedFile, linked: [String]) {
        let checked = try checkFile(at: path, permissions: &permissions, readingLinks: true, copying: copying)
        if let expected = declared?.contentDigest, ContentDigest.of(descriptor: checked.descriptor) != expected {
            close(checked.descriptor)
            throw .contentChanged(path: path)
        }
        let declared =
            declared
            ?? checked.sealed.map { PluginCandidate(path: path, sealed: $0) }
        do throws(PluginLoadError) {
            let linked = try checkLinks(
                of: checked, path: path, declared: declared, libraries: libraries, listings: &listings)
            libraries.checked(checked.dynamic.soname, plugin: declared?.name)
            return (checked, linked)
        } catch {
            close(checked.descriptor)
            throw error
        }
    }

    /// The plugin libraries the file `checked` links: each must be the library of a plugin loaded
    /// before it, in this call or an earlier one, and declared by it when what it declares is known
    /// before `dlopen` (`declared`). A library it links that lies beside it, where its search path
    /// (`$ORIGIN`) says it expects to find it, and is no such plugin's is refused: the dynamic
    /// linker could bind it to nothing checked.
    private func checkLinks(
        of checked: CheckedFile, path: String, declared: PluginCandidate?, libraries: PluginLibraries,
        listings: inout DirectoryListings
    ) throws(PluginLoadError) -> [String] {
        var linked: [String] = []
        for library in checked.dynamic.needed where library != Self.runtimeLibraryName {
            switch libraries.owner(of: library) {
            case .some(let owner):
                if let owner, let declared, !declared.dependencies.contains(where: { $0.name == owner }) {
                    throw .undeclaredLinkedPlugin(path: path, library: library, plugin: owner)
                }
                linked.append(library)
            case nil:
                if checked.dynamic.searchesBeside && listings.contains(library, in: checked.directory) {
                    throw .linksUnloadedLibrary(path: path, library: library)
                }
            }
        }
        return linked
    }

    /// Opens the file and checks it alone, through that one descriptor, before any of its code
    /// runs. `permissions` checks each directory once. With `readingLinks`, what it links is read
    /// too (``CheckedFile/dynamic``), for loading. With `copying`, everything after the file's
    /// ownership and permissions is checked on a sealed copy of it in memory, which is what
    /// `dlopen` then maps: a new image even for a file rewritten in place. `given` is the file's
    /// status (``status(of:)``) when the caller took it already.
    private func checkFile(
        at path: String, permissions: inout FilePermissions, readingLinks: Bool, copying: Bool = false,
        status given: (stat, isLink: Bool)? = nil
    ) throws(PluginLoadError) -> CheckedFile {
        var (status, isLink) = (stat(), false)
        if let given { (status, isLink) = given } else { (status, isLink) = try Self.status(of: path) }
        // `dlopen` looks a name without a slash up in the library search path; the checks, and so
        // the loader, open the file in the current directory. O_NONBLOCK: a FIFO renamed over the
        // file cannot hold up the open.
        let descriptor = Glibc.open(path, O_RDONLY | O_CLOEXEC | O_NONBLOCK)
        guard descriptor >= 0 else { throw .unreadable(path: path, reason: String(cString: strerror(errno))) }
        // From here on every check reads the open file, the one that will be mapped.
        do throws(PluginLoadError) {
            guard fstat(descriptor, &status) == 0 else {
                throw .unreadable(path: path, reason: String(cString: strerror(errno)))
            }
            try Self.requireRegularFile(status, at: path)
        } catch {
            close(descriptor)
            throw error
        }
        var file = ELFFile(descriptor: descriptor, size: UInt64(status.st_size))
        if policy.checksPermissions, let reason = permissions.problem(at: path, status: status, isLink: isLink) {
            throw .insecurePermissions(path: path, reason: reason)
        }
        if copying || (readingLinks && policy.mapsPrivateCopies) {
            // The checks below read, and `dlopen` maps, a sealed copy of what the file holds now.
            let copy = pb_sealed_copy(descriptor, path)
            var copied = stat()
            guard copy >= 0, fstat(copy, &copied) == 0 else {
                throw .unreadable(path: path, reason: String(cString: strerror(errno)))
            }
            file = ELFFile(descriptor: copy, size: UInt64(copied.st_size))
        }
        if let reason = ELFCheck.problem(in: file) {
            throw .notASharedObject(path: path, reason: reason)
        }
        let sealed: SealedManifest?
        do {
            sealed = try ManifestReader.read(from: file)
        } catch {
            throw .corruptManifest(path: path, reason: error.reason)
        }
        if let sealed { try accept(sealed, at: path) }
        let directory = PathParts(isLink ? FilePermissions.resolved(path) ?? path : path).directory
        return CheckedFile(
            sealed: sealed, descriptor: file.handOverDescriptor(), directory: directory,
            dynamic: readingLinks ? DynamicSection(of: file) : .unread)
    }

    /// Refuses anything but a regular file, whose `stat` is `status`.
    private static func requireRegularFile(_ status: stat, at path: String) throws(PluginLoadError) {
        switch status.st_mode & S_IFMT {
        case S_IFREG: return
        case S_IFDIR: throw .notAFile(path: path, kind: "directory")
        default: throw .notAFile(path: path, kind: "special file")
        }
    }

    private func declarations(
        in handle: UnsafeMutableRawPointer,
        path: String
    ) throws(PluginLoadError) -> (any Plugin.Type, [NamedModule], skipped: [String]) {
        let image = ImageScanner.image(openedAs: handle)
        if discovery == .metadataSections, let image, ImageScanner.canRead(image) {
            let found = DiscoveredTypes(scanning: image)
            guard let plugin = found.plugins.first else { throw .noManifest(path: path) }
            guard found.plugins.count == 1 else {
                throw .multipleManifests(path: path, types: found.plugins.map { String(reflecting: $0) })
            }
            let skipped = found.skipped.map {
                "\($0.typeName) conforms to Module but is not registered: \($0.reason); make it a non-generic "
                    + "final class"
            }
            return (plugin, found.modules, skipped)
        }
        guard let symbol = dlsym(handle, PluginEntry.symbolName) else {
            guard let image else { throw .noManifest(path: path) }
            throw .unknownMetadataLayout(path: path, version: image.version)
        }
        typealias EntryFunction = @convention(c) () -> UnsafeMutableRawPointer
        let entry = Unmanaged<PluginEntry>.fromOpaque(unsafeBitCast(symbol, to: EntryFunction.self)())
            .takeRetainedValue()
        return (entry.plugin, entry.modules.map { ($0, $0.name) }.sorted { $0.name < $1.name }, [])
    }
}

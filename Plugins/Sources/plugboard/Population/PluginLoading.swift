import FoundationEssentials
import Glibc
import Plugboard

/// Loads the plugins a command works on into the shared registry, printing one line per plugin.
enum PluginLoading {
    /// Ownership and permissions are checked unless `PLUGBOARD_ALLOW_INSECURE_PLUGINS=1` is set
    /// (for development only).
    static var policy: LoadPolicy {
        LoadPolicy(checksPermissions: ProcessInfo.processInfo.environment["PLUGBOARD_ALLOW_INSECURE_PLUGINS"] != "1")
    }

    /// What the host says of `error`: the loader's own description, except that a refusal for
    /// ownership or permissions names the host's way to relax the check, which a person running
    /// `plugboard` can use, rather than the library's.
    static func message(for error: PluginLoadError) -> String {
        switch error {
        case .insecurePermissions(let path, let reason):
            return "\(PluginLoader.shown(path: path)): refused: \(reason) "
                + "(PLUGBOARD_ALLOW_INSECURE_PLUGINS=1 relaxes this for development)"
        case .notGranted(_, let plugin, let permissions):
            let grants = permissions.map { "--grant '\(plugin)=\($0)'" }.joined(separator: " ")
            return "\(error.description): run with \(grants) (or --grant \(plugin) for all it asks), or add the "
                + "grants to \(PermissionFile.shownPath), one a line"
        default:
            return error.description
        }
    }

    /// The bundled plugin files, or the `.so` files of `directories` (each sorted by name), or
    /// both with `withBundled`, each once.
    static func paths(directories: [String], withBundled: Bool) throws -> [String] {
        do {
            let bundled = directories.isEmpty || withBundled ? try BundledPlugins.paths() : []
            return once(bundled + (try files(in: directories)))
        } catch let error as PluginLoadError {
            throw HostError.failed(error.description)
        }
    }

    /// Loads the bundled plugins, or the `.so` files of `directories` (each sorted by name), or
    /// both with `withBundled`; returns how many failed. Modules linked into the host are
    /// registered first. What each file declares is read first, without running it here, and
    /// the population resolved (``PluginResolver``): the files load in dependency order, and a
    /// file that cannot work is refused with its root cause before any plugin code runs. Those
    /// `isolation` places in plugin processes run there.
    @discardableResult
    static func load(
        directories: [String], withBundled: Bool = false, isolation: IsolationChoice = IsolationChoice(),
        into registry: Registry = .shared
    ) async throws -> Int {
        try await install(
            directories: directories, withBundled: withBundled, eager: true, isolation: isolation, into: registry
        ).failures
    }

    /// Installs the plugins as ``load(directories:withBundled:into:)`` loads them, except that
    /// without `eager` only the plugins active at launch (and those they need) are loaded: the
    /// others are declared, and activated when first needed, each announced on standard output;
    /// and those `isolation` places in plugin processes run there (``Isolation``). Without
    /// `startingProcesses` (a command that only describes the plugins), those are declared from
    /// their manifests, whatever `eager` says, and no plugin process starts.
    /// Returns the population, which the registry holds weakly: keep it while plugins may be
    /// needed.
    static func install(
        directories: [String], withBundled: Bool = false, eager: Bool, mappingCopies: Bool = false,
        isolation: IsolationChoice = IsolationChoice(), startingProcesses: Bool = true,
        into registry: Registry = .shared
    ) async throws -> (failures: Int, population: PluginPopulation) {
        let read = try read(
            directories: directories, withBundled: withBundled, mappingCopies: mappingCopies,
            isolation: isolation.policy, grants: isolation.grants, into: registry)
        // The plugins to isolate start in processes of their own — those needed at launch now, the
        // others when first needed — and the rest load here.
        let (now, later) = startingProcesses ? isolatedGroups(of: read, eager: eager) : ([], read.plan.groups)
        // An isolated plugin is confined to its permissions as far as the kernel lets it be.
        let unenforced = read.plan.groups.isEmpty ? [] : KernelConfinement.current.unenforced
        if !unenforced.isEmpty {
            Terminal.error(
                "warning: this kernel cannot confine isolated plugins in: \(unenforced.joined(separator: "; "))")
        }
        let failures = await Isolation.start(
            now, deadline: isolation.deadline, manifests: read.manifests, loader: read.loader)
        let (inHost, population) = installInHost(read, eager: eager)
        let undeclared = Isolation.declare(
            later, deadline: isolation.deadline, manifests: read.manifests, in: population,
            preparingAProcess: startingProcesses)
        return (read.failures + failures + inHost + undeclared, population)
    }

    /// The isolated groups of `read` that start at launch — all with `eager`, else those with a
    /// plugin active at launch (``SealedManifest/isActiveAtLaunch``) — and those that start when
    /// first needed.
    static func isolatedGroups(
        of read: Reading, eager: Bool
    ) -> (now: [[PluginCandidate]], later: [[PluginCandidate]]) {
        let atLaunch = { (group: [PluginCandidate]) in
            eager || group.contains { read.manifests[$0.path]?.isActiveAtLaunch ?? true }
        }
        return (read.plan.groups.filter(atLaunch), read.plan.groups.filter { !atLaunch($0) })
    }

    /// What was read of a population's files before any of them runs: the loader, the manifest of
    /// each file by its path, how the population resolved, where each plugin is to run, and how
    /// many files failed so far (each reported).
    struct Reading {
        let loader: PluginLoader
        let manifests: [String: SealedManifest]
        let resolution: PluginResolution
        let plan: IsolationPlan
        let failures: Int
    }

    /// Reads what the plugin files declare, without running any of them, resolves the population
    /// and places its plugins by `isolation`, reporting each file that cannot load.
    /// - Throws: ``HostError`` when the files cannot be listed, or the policy cannot be followed.
    static func read(
        directories: [String], withBundled: Bool, mappingCopies: Bool = false, isolation: IsolationPolicy,
        grants: PermissionGrants = PermissionGrants(), into registry: Registry
    ) throws -> Reading {
        let paths = try paths(directories: directories, withBundled: withBundled)
        for failure in registry.registerLinkedModules().failures {
            Terminal.error("error: \(failure)")
        }
        Terminal.line("Loading \(counted(paths.count, "plugin file"))")
        var policy = policy
        policy.mapsPrivateCopies = mappingCopies
        policy.grants = grants
        let loader = PluginLoader(registry: registry, policy: policy)
        var failures = 0
        let (found, manifests, unreadable) = PopulationReading.candidates(of: paths, loader: loader)
        // A plugin built twice alike (into a dependent's build directory, say) is one plugin.
        let (candidates, repeated) = PluginLoader.withoutRepeatedBuilds(found)
        for (copy, first) in repeated {
            Terminal.line(
                .skipped,
                "\(copy.title)  \(PluginLoader.shown(path: copy.path)): the same build as "
                    + "\(PluginLoader.shown(path: first.path)), loaded once")
        }
        for (path, message) in unreadable {
            failures += 1
            Terminal.line(.failed, PluginLoader.shown(path: path))
            Terminal.error("error: \(message)")
        }
        // Which plugin a route belongs to is decided here, in the population's order, wherever
        // the plugins are to run.
        let resolution = loader.claimingRoutes(
            of: PluginResolver.resolve(candidates), candidates: candidates, manifests: manifests)
        for refusal in resolution.refusals {
            failures += 1
            Terminal.line(.failed, PluginLoader.shown(path: refusal.candidate.path))
            Terminal.error("error: \(refusal.candidate.refusal ?? refusal.description)")
        }
        let plan = try Isolation.plan(isolation, for: resolution)
        return Reading(loader: loader, manifests: manifests, resolution: resolution, plan: plan, failures: failures)
    }

    /// Installs the plugins of `read` that run in the host's process — only those active at
    /// launch unless `eager` — and declares the routes of those that cannot load; returns how many
    /// failed, and the population.
    static func installInHost(_ read: Reading, eager: Bool) -> (failures: Int, population: PluginPopulation) {
        let (loader, manifests, resolution) = (read.loader, read.manifests, read.resolution)
        let registry = loader.registry
        var failures = 0
        let population = PluginPopulation(loader: loader, resolved: read.plan.inHost, manifests: manifests) {
            name, result, duration in
            switch result {
            case .success(let plugin):
                // On standard output, as "reloaded" and "restarted" are: the population changed.
                Terminal.line(
                    "activated \(plugin.manifest.name) \(plugin.manifest.version) in \(LaunchListing.format(duration))")
            case .failure(let error):
                Terminal.error("error: \(name) could not be activated: \(error)")
            }
        }
        var reported: Set<String> = []
        let installed = population.install(eager: eager) { path, result in
            reported.insert(path)
            switch result {
            case .success(let plugin):
                Terminal.line(
                    .ok,
                    "\(plugin.manifest.name) \(plugin.manifest.version)  (\(counted(plugin.modules.count, "module")))")
                for warning in plugin.warnings {
                    Terminal.error("warning: \(PluginLoader.shown(path: path)): \(warning)")
                }
            case .failure(let error):
                failures += 1
                Terminal.line(.failed, PluginLoader.shown(path: path))
                Terminal.error("error: \(message(for: error))")
            }
        }
        var declared: [String] = []  // printed together, before the next failure
        for installation in installed {
            switch installation {
            case .loaded: continue
            case .declared(let candidate):
                declared.append("\(candidate.title)  (inactive until first needed)")
            case .failed(let path, let error) where !reported.contains(path):
                Terminal.lines(.skipped, declared)
                declared = []
                failures += 1
                Terminal.line(.failed, PluginLoader.shown(path: path))
                Terminal.error("error: \(message(for: error))")
            case .failed: continue
            }
        }
        Terminal.lines(.skipped, declared)
        // The routes of a plugin that cannot load answer with why, where no other plugin's route
        // serves them.
        for refusal in resolution.refusals {
            guard let manifest = manifests[refusal.candidate.path] else { continue }
            registry.declareRefused(manifest, image: refusal.candidate.path, reason: refusal.explanation)
        }
        for case .failed(let path, let error) in installed {
            guard let manifest = manifests[path] else { continue }
            registry.declareRefused(manifest, image: path, reason: message(for: error))
        }
        return (failures, population)
    }

    /// Installs the plugins that the `--plugins` and `--with-bundled` options in `arguments` select
    /// for a command that lists what they register — loading only those active at launch, the
    /// others' declarations coming from their manifests, unless `--eager` asks to load them all;
    /// those `--isolate` names are declared from their manifests, no process started and no task
    /// run — reporting the loading on standard error so that standard output holds the listing
    /// alone; returns how many failed, the population, and whether `--json` asks for JSON.
    static func installForListing(
        _ arguments: [String]
    ) async throws -> (failures: Int, population: PluginPopulation, json: Bool) {
        let options = try Options(
            loadingPlugins: arguments, valued: Options.isolationOptions, switches: ["--json", "--eager"])
        let (failures, population) = try await Terminal.toStandardErrorWhile {
            try await install(
                directories: options.pluginDirectories, withBundled: options.withBundled, eager: options.has("--eager"),
                isolation: try options.isolation, startingProcesses: false)
        }
        return (failures, population, options.has("--json"))
    }

    private static func files(in directories: [String]) throws(PluginLoadError) -> [String] {
        var files: [String] = []
        for directory in directories {
            let found = try PluginLoader.pluginFiles(in: directory)
            if found.isEmpty { Terminal.error("warning: \(noPluginFiles(in: directory))") }
            files += found
        }
        return files
    }

    /// `paths` without the files given again (under the same path or another), each named in a
    /// warning: a directory given twice, or the bundled plugins' directory given as well. A file is
    /// told by its name in its directory, and a directory by its device and inode (one `stat` a
    /// directory, not a file).
    private static func once(_ paths: [String]) -> [String] {
        var directories: [String: String] = [:]  // a directory as the paths name it: its identity
        var seen: Set<String> = []
        return paths.filter { path in
            let directory = PathText.directory(of: path)
            if directories[directory] == nil { directories[directory] = directoryIdentity(directory) ?? directory }
            guard seen.insert(directories[directory]! + "/" + PathText.lastComponent(of: path)).inserted else {
                Terminal.error("warning: \(PluginLoader.shown(path: path)) is given more than once; it is loaded once")
                return false
            }
            return true
        }
    }

    /// What to say of a directory without plugin files, most often a package's own directory.
    static func noPluginFiles(in directory: String) -> String {
        "no plugin files (.so) in \(PluginLoader.shown(path: directory)); a package's plugins are in its "
            + ".build/debug (or .build/release), and those of one made by plugboard new in .plugboard-build/debug "
            + "beside it"
    }

    /// The device and inode of the directory `path` names, following links: the same for every
    /// name of one directory, and one `stat` rather than a `readlink` per part of the path.
    private static func directoryIdentity(_ path: String) -> String? {
        var status = stat()
        guard stat(path.isEmpty ? "." : path, &status) == 0 else { return nil }
        return "\(status.st_dev):\(status.st_ino)"
    }
}

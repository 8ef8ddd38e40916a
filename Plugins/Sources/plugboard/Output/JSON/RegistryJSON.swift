import Plugboard
import Synchronization

/// What a registry holds, as `list --json` prints it for scripts (and `routes --json` its routes).
struct RegistryJSON: Encodable {
    struct Plugin: Encodable {
        let name: String
        let version: String
        let file: String
        let runtimeVersion: String
        let toolchain: String
        let modules: [String]
        let dependencies: [DependencyJSON]
        /// Whether it is loaded; a plugin not needed yet is only declared.
        let loaded: Bool
        /// Whether it runs in a plugin process of its own (`--isolate`).
        var isolated = false
        /// The process it runs in, if it is isolated and running.
        var processID: Int32?
        /// What it declares it needs beyond its own code, each in its text form; its process is
        /// confined to them when it is ``isolated``, and one in the host's process is trusted.
        var permissions: [String] = []
    }

    struct Module: Encodable {
        let name: String
        let file: String
        let plugin: String?
        let disabled: Bool
        let loaded: Bool
    }

    /// A startup task, of a loaded plugin or, as its manifest declares it, of one not loaded yet.
    struct Task: Encodable {
        let name: String
        let dependencies: [String]
        let module: String
        /// The plugin of its module, `nil` for a module linked into the host.
        let plugin: String?
        /// `launch` or `after-first-screen`.
        let phase: String
        let required: Bool
        /// Its own timeout in milliseconds; `nil` for the host's deadline.
        let timeoutMilliseconds: Int64?
        let loaded: Bool

        init(_ task: StartupTask, plugin: String?, loaded: Bool) {
            name = task.name
            dependencies = task.dependencies
            module = task.owner.module
            self.plugin = plugin
            phase = task.phase.description
            required = task.isRequired
            timeoutMilliseconds = task.timeout.map { timeout in
                let (seconds, attoseconds) = timeout.components
                return seconds * 1000 + attoseconds / 1_000_000_000_000_000
            }
            self.loaded = loaded
        }
    }

    /// A service, with the module that provides it (`nil` for a plugin not loaded yet) and its
    /// plugin.
    struct Service: Encodable {
        let type: String
        let module: String?
        let plugin: String?
        let loaded: Bool
    }

    let schemaVersion = jsonSchemaVersion
    let plugins: [Plugin]
    let modules: [Module]
    let routes: [RouteJSON]
    let tasks: [Task]
    let services: [Service]

    /// What `snapshot` holds, and what the plugins of `members` and `isolatedMembers` (those that
    /// run in processes of their own once started) not loaded declare; plugins in the order of
    /// `members`, then `isolatedMembers`.
    init(
        _ snapshot: RegistrySnapshot, members: [PluginPopulation.Member] = [],
        isolatedMembers: [PluginPopulation.Member] = []
    ) {
        let isDeclared = { (member: PluginPopulation.Member) in
            if case .declared = member.state { true } else { false }
        }
        let declared = (members + isolatedMembers).filter(isDeclared)
        let order = Dictionary(members.enumerated().map { ($1.candidate.name, $0) }) { first, _ in first }
        let inHost: [Plugin] =
            snapshot.plugins.map { plugin in
                let manifest = plugin.manifest
                return Plugin(
                    name: manifest.name, version: manifest.version, file: plugin.path,
                    runtimeVersion: manifest.fingerprint.runtimeVersion, toolchain: manifest.fingerprint.toolchain,
                    modules: plugin.modules, dependencies: manifest.dependencies.map(DependencyJSON.init), loaded: true,
                    permissions: manifest.permissions.map(\.description))
            } + members.filter(isDeclared).map { Self.declared($0, isolated: false) }
        // Those of the host's process in the population's order, then those isolated, as they
        // started, then those isolated not started yet.
        plugins =
            inHost.sorted { (order[$0.name] ?? 0) < (order[$1.name] ?? 0) } + Self.isolatedPlugins()
            + isolatedMembers.filter(isDeclared).map { Self.declared($0, isolated: true) }
        let files = Dictionary(declared.map { ($0.candidate.name, $0.candidate.path) }) { first, _ in first }
        modules =
            snapshot.modules.map { module in
                Module(
                    name: module.name, file: module.owner.image, plugin: module.plugin,
                    disabled: snapshot.isDisabled(module.name), loaded: true)
            }
            + snapshot.inactiveModules.sorted { $0.key < $1.key }.map { module, plugin in
                Module(
                    name: module, file: files[plugin] ?? "", plugin: plugin, disabled: snapshot.isDisabled(module),
                    loaded: false)
            }
        let isolated = Isolation.names(startedOr: isolatedMembers)
        routes = snapshot.routes.map { RouteJSON($0, in: snapshot, isolated: isolated) }
        let pluginOf = Dictionary(snapshot.modules.map { ($0.name, $0.plugin) }) { first, _ in first }
        // Those of plugins not loaded, isolated or not, as their manifests declare them (those of a
        // plugin that runs isolated are its process's, which the host does not hold).
        tasks =
            snapshot.tasks.map { Task($0, plugin: pluginOf[$0.owner.module] ?? nil, loaded: true) }
            + declared.flatMap { member in
                member.manifest.declaredTasks(image: member.candidate.path).map {
                    Task($0, plugin: member.candidate.name, loaded: false)
                }
            }
        // The registry declares the services of a plugin in the host's process that is not loaded
        // yet; those of one isolated serve only its process, so its manifest names them.
        let isolatedServices = isolatedMembers.filter(isDeclared).flatMap { member in
            member.manifest.services.map {
                Service(type: $0, module: nil, plugin: member.candidate.name, loaded: false)
            }
        }
        services =
            (snapshot.services.map {
                Service(
                    type: $0.typeName, module: $0.owner.module, plugin: pluginOf[$0.owner.module] ?? nil, loaded: true)
            }
            + snapshot.inactiveServices.map { Service(type: $0.key, module: nil, plugin: $0.value, loaded: false) }
            + isolatedServices)
            .sorted {
                $0.type < $1.type
            }
    }

    /// `member`, not loaded, as its manifest declares it.
    private static func declared(_ member: PluginPopulation.Member, isolated: Bool) -> Plugin {
        Plugin(
            name: member.candidate.name, version: member.candidate.version, file: member.candidate.path,
            runtimeVersion: member.manifest.runtimeVersion, toolchain: member.manifest.toolchain,
            modules: member.manifest.modules, dependencies: member.candidate.dependencies.map(DependencyJSON.init),
            loaded: false, isolated: isolated, permissions: member.manifest.permissions.map(\.description))
    }

    /// The plugins that run in processes of their own, as their files declare them.
    private static func isolatedPlugins() -> [Plugin] {
        let manifests = Isolation.manifests.withLock { $0 }
        return Isolation.started.withLock { $0 }.flatMap { isolated in
            zip(isolated.plugins, isolated.files).map { plugin, file in
                let manifest = manifests[file]
                return Plugin(
                    name: plugin.name, version: plugin.version, file: file,
                    runtimeVersion: manifest?.runtimeVersion ?? "", toolchain: manifest?.toolchain ?? "",
                    modules: manifest?.modules ?? [],
                    dependencies: (manifest?.dependencies ?? []).map(DependencyJSON.init), loaded: true,
                    isolated: true, processID: isolated.processID,
                    permissions: (manifest?.permissions ?? []).map(\.description))
            }
        }
    }
}

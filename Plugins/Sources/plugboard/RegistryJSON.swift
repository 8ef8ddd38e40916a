import Plugboard

/// What a registry holds, as `list --json` and `routes --json` print it for scripts.
struct RegistryJSON: Encodable {
    struct Plugin: Encodable {
        let name: String
        let version: String
        let file: String
        let runtimeVersion: String
        let toolchain: String
        let modules: [String]
        let dependencies: [PluginDependency]
        /// Whether it is loaded; a plugin not needed yet is only declared.
        let loaded: Bool
    }

    struct Module: Encodable {
        let name: String
        let file: String
        let plugin: String?
        let disabled: Bool
        let loaded: Bool
    }

    struct Route: Encodable {
        let pattern: String
        let title: String?
        let parameters: [String]
        let module: String
        let file: String

        init(_ route: Plugboard.Route) {
            pattern = route.pattern.description
            title = route.title
            parameters = route.pattern.parameterNames
            module = route.owner.module
            file = route.owner.image
        }
    }

    /// A startup task; one of a plugin not loaded names its plugin, its dependencies and module
    /// being known once it is loaded.
    struct Task: Encodable {
        let name: String
        let dependencies: [String]?
        let module: String?
        let plugin: String?
    }

    /// A service; one of a plugin not loaded names its plugin rather than its module.
    struct Service: Encodable {
        let type: String
        let module: String?
        let plugin: String?
    }

    let plugins: [Plugin]
    let modules: [Module]
    let routes: [Route]
    let tasks: [Task]
    let services: [Service]

    /// What `snapshot` holds, and what the plugins of `members` not loaded declare; plugins in the
    /// order of `members`.
    init(_ snapshot: RegistrySnapshot, members: [PluginPopulation.Member] = []) {
        let declared = members.filter { if case .declared = $0.state { true } else { false } }
        let order = Dictionary(members.enumerated().map { ($1.candidate.name, $0) }) { first, _ in first }
        let listed: [Plugin] =
            snapshot.plugins.map { plugin in
                let manifest = plugin.manifest
                return Plugin(
                    name: manifest.name, version: manifest.version, file: plugin.path,
                    runtimeVersion: manifest.fingerprint.runtimeVersion, toolchain: manifest.fingerprint.toolchain,
                    modules: plugin.modules, dependencies: manifest.dependencies, loaded: true)
            }
            + declared.map { member in
                Plugin(
                    name: member.candidate.name, version: member.candidate.version, file: member.candidate.path,
                    runtimeVersion: member.manifest.runtimeVersion, toolchain: member.manifest.toolchain,
                    modules: member.manifest.modules, dependencies: member.candidate.dependencies, loaded: false)
            }
        plugins = listed.sorted { (order[$0.name] ?? 0) < (order[$1.name] ?? 0) }
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
        routes = snapshot.routes.map(Route.init)
        tasks =
            snapshot.tasks.map {
                Task(name: $0.name, dependencies: $0.dependencies, module: $0.owner.module, plugin: nil)
            }
            + declared.flatMap { member in
                member.manifest.tasks.map {
                    Task(name: $0, dependencies: nil, module: nil, plugin: member.candidate.name)
                }
            }
        services =
            (snapshot.services.map { Service(type: $0.typeName, module: $0.owner.module, plugin: nil) }
            + snapshot.inactiveServices.map { Service(type: $0.key, module: nil, plugin: $0.value) }).sorted {
                $0.type < $1.type
            }
    }
}

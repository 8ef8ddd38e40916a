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
    }

    struct Module: Encodable {
        let name: String
        let file: String
        let plugin: String?
        let disabled: Bool
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

    struct Task: Encodable {
        let name: String
        let dependencies: [String]
        let module: String
    }

    struct Service: Encodable {
        let type: String
        let module: String
    }

    let plugins: [Plugin]
    let modules: [Module]
    let routes: [Route]
    let tasks: [Task]
    let services: [Service]

    init(_ snapshot: RegistrySnapshot) {
        plugins = snapshot.plugins.map { plugin in
            let manifest = plugin.manifest
            return Plugin(
                name: manifest.name, version: manifest.version, file: plugin.path,
                runtimeVersion: manifest.fingerprint.runtimeVersion, toolchain: manifest.fingerprint.toolchain,
                modules: plugin.modules, dependencies: manifest.dependencies)
        }
        modules = snapshot.modules.map { module in
            Module(
                name: module.name, file: module.owner.image, plugin: module.plugin,
                disabled: snapshot.isDisabled(module.name))
        }
        routes = snapshot.routes.map(Route.init)
        tasks = snapshot.tasks.map { Task(name: $0.name, dependencies: $0.dependencies, module: $0.owner.module) }
        services = snapshot.services.map { Service(type: $0.typeName, module: $0.owner.module) }
    }
}

import Plugboard

/// What a plugin file declares, as `inspect --json` prints it for scripts: its plugin, the
/// runtime it was built for, and each thing its modules register, with named fields.
struct ManifestJSON: Encodable {
    /// An interceptor: the `pattern` or the `prefix` of the URLs it guards.
    struct Interceptor: Encodable {
        let scope: String
        let value: String
    }

    let schemaVersion = jsonSchemaVersion
    let file: String
    /// Whether it was read from the file's sealed section, without loading it.
    let sealed: Bool
    let name: String
    let version: String
    let runtimeVersion: String
    let toolchain: String
    let architecture: String
    let modules: [String]
    let dependencies: [DependencyJSON]
    let routes: [RouteJSON]
    let tasks: [RegistryJSON.Task]
    let services: [String]
    let events: [String]
    let interceptors: [Interceptor]
    let parameterTypes: [String]
    /// The modules that register a fallback.
    let fallbacks: [String]
    /// What it needs beyond its own code, each in its text form (`read ~/notes`).
    let permissions: [String]

    init(_ manifest: SealedManifest, file: String, sealed: Bool) {
        self.file = file
        self.sealed = sealed
        name = manifest.name
        version = manifest.version
        runtimeVersion = manifest.runtimeVersion
        toolchain = manifest.toolchain
        architecture = manifest.architecture
        modules = manifest.modules
        permissions = manifest.permissions.map(\.description)
        dependencies = manifest.dependencies.map(DependencyJSON.init)
        routes = manifest.routes.indices.map { index in
            let title = manifest.routeTitles.indices.contains(index) ? manifest.routeTitles[index] : ""
            let example = manifest.routeExamples.indices.contains(index) ? manifest.routeExamples[index] : ""
            return RouteJSON(
                pattern: manifest.routes[index], title: title.isEmpty ? nil : title,
                example: example.isEmpty ? nil : example,
                module: manifest.routeModules.indices.contains(index) ? manifest.routeModules[index] : "",
                plugin: manifest.name, file: file)
        }
        tasks = manifest.declaredTasks(image: file).map { RegistryJSON.Task($0, plugin: manifest.name, loaded: false) }
        services = manifest.services
        events = manifest.events
        interceptors = manifest.interceptors.map { text in
            let words = text.split(separator: " ", maxSplits: 1).map(String.init)
            return Interceptor(scope: words.first ?? "", value: words.count > 1 ? words[1] : "")
        }
        parameterTypes = manifest.parameterTypes
        fallbacks = manifest.fallbacks
    }
}

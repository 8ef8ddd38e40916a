/// Records what one module contributes, with the module as the owner of each item.
///
/// A registrar is handed to ``Module/register(with:)``. Nothing it records is visible in the
/// ``Registry`` until the module (and, for a plugin, every module of the plugin) has registered
/// without error and without conflicts; otherwise all of it is discarded.
public final class ModuleRegistrar {
    /// The module being registered and its image.
    public let owner: Owner
    var contribution: Contribution

    init(module: RegisteredModule) {
        owner = module.owner
        contribution = Contribution(module: module)
    }

    /// Registers a route whose screen `factory` builds.
    ///
    /// ```swift
    /// registrar.route("app://greeter/hello", title: "Greeting") { _ in GreetingScreen() }
    /// ```
    /// - Parameters:
    ///   - pattern: A URL of the form `scheme://host/path`.
    ///   - title: A short description for route listings.
    ///   - factory: Builds the screen when the route is opened.
    public func route(_ pattern: String, title: String? = nil, factory: @escaping ScreenFactory) {
        contribution.routes.append(Route(pattern: pattern, title: title, owner: owner, factory: factory))
    }

    /// Registers a startup task that runs when the application launches.
    ///
    /// ```swift
    /// registrar.startupTask("greeter.load-names", after: ["shell.configuration"]) {
    ///     try await names.load()
    /// }
    /// ```
    /// - Parameters:
    ///   - name: A name unique across all modules, for example `greeter.load-names`.
    ///   - dependencies: Names of tasks that must finish before this one starts.
    ///   - body: The launch work.
    public func startupTask(
        _ name: String,
        after dependencies: [String] = [],
        run body: @escaping @Sendable () async throws -> Void
    ) {
        contribution.tasks.append(
            StartupTask(name: name, dependencies: dependencies, owner: owner, body: body)
        )
    }

    /// Provides a service to every module, looked up by its type with ``Registry/service(_:)``.
    ///
    /// ```swift
    /// registrar.provide(Clock.self, SystemClock())
    /// ```
    /// - Parameters:
    ///   - type: The type other modules ask for, often a protocol's existential.
    ///   - instance: The service.
    public func provide<Value: Sendable>(_ type: Value.Type, _ instance: Value) {
        contribution.services.append(
            Service(
                typeName: String(reflecting: type),
                owner: owner,
                key: ObjectIdentifier(type),
                instance: instance
            )
        )
    }
}

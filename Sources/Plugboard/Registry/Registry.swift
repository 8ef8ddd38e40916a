internal import Synchronization

/// The host registry: every module's routes, startup tasks and services, with their owners.
///
/// There is one ``shared`` registry per process because there is one copy of the runtime: the
/// host and every plugin link the same `libPlugboard.so`. Tests create their own registries.
///
/// ```swift
/// let registry = Registry()
/// try registry.register([GreeterModule.self], image: "tests")
/// let screen = try await registry.screen(for: "app://greeter/hello")
/// print(screen.render())
/// ```
public final class Registry: Sendable {
    /// The process-wide registry that the host and plugins share.
    ///
    /// ```swift
    /// let circles = try await Registry.shared.screen(for: "app://circles")
    /// ```
    public static let shared = Registry()

    private let current: Mutex<RegistrySnapshot>
    /// The writers' copy of the published snapshot; see ``update(_:)``.
    private let writer = Mutex(RegistrySnapshot())
    /// Base addresses of the images whose linked modules were already registered.
    let linkedImages = Mutex(Set<UInt>())

    /// Creates an empty registry.
    ///
    /// ```swift
    /// let registry = Registry()  // an isolated registry, e.g. for a test
    /// try registry.register([CirclesModule.self], image: "tests")
    /// ```
    public init() {
        current = Mutex(RegistrySnapshot())
    }

    /// Everything registered right now.
    ///
    /// ```swift
    /// let snapshot = Registry.shared.snapshot
    /// print(snapshot.modules.count, "modules,", snapshot.routes.count, "routes")
    /// ```
    public var snapshot: RegistrySnapshot {
        current.withLock { $0 }
    }

    /// Registers `modules` as one unit: either all of them, or nothing.
    ///
    /// - Parameters:
    ///   - modules: The module types to create and register.
    ///   - image: The path of the executable or shared object that contains them.
    /// - Throws: ``RegistrationError`` naming the module and every conflict; the registry is
    ///   unchanged.
    ///
    /// ```swift
    /// try registry.register([CirclesModule.self, BlogModule.self], image: "app")
    /// ```
    public func register(_ modules: [any Module.Type], image: String) throws(RegistrationError) {
        try register(modules, image: image, plugin: nil)
    }

    func register(
        _ modules: [any Module.Type],
        image: String,
        plugin: LoadedPlugin?
    ) throws(RegistrationError) {
        var contributions: [Contribution] = []
        for type in modules {
            let module = RegisteredModule(owner: Owner(module: type.name, image: image), plugin: plugin?.manifest.name)
            let registrar = ModuleRegistrar(module: module)
            do {
                try type.init().register(with: registrar)
            } catch {
                throw .moduleFailed(module.owner, reason: String(describing: error))
            }
            contributions.append(registrar.contribution)
        }
        try commit(contributions, plugin: plugin)
    }

    private func commit(_ contributions: [Contribution], plugin: LoadedPlugin?) throws(RegistrationError) {
        try update { snapshot throws(RegistrationError) in
            try snapshot.add(contributions, plugin: plugin)
        }
    }

    /// Applies `change` to the writers' copy, publishes the result, then applies `change` to the
    /// snapshot it replaced, which becomes the writers' copy. Writers are serialized; readers wait
    /// only for the swap.
    ///
    /// The writers' copy holds the same content as the published snapshot in storage of its own,
    /// so a change grows it in place rather than copying everything registered so far; the
    /// replaced snapshot is brought up to date in place too, unless a reader still holds it.
    /// When `change` throws, nothing is published and the writers' copy is taken anew from the
    /// published snapshot.
    func update<Failure: Error>(_ change: (inout RegistrySnapshot) throws(Failure) -> Void) throws(Failure) {
        try writer.withLock { spare throws(Failure) in
            var next = RegistrySnapshot()
            swap(&next, &spare)
            do throws(Failure) {
                try change(&next)
            } catch {
                spare = snapshot
                throw error
            }
            current.withLock { swap(&$0, &next) }
            do throws(Failure) {
                try change(&next)
                spare = next
            } catch {
                spare = snapshot
            }
        }
    }

    /// The service provided under `type`.
    ///
    /// - Parameter type: The type the service was provided as.
    /// - Returns: The provided instance.
    /// - Throws: ``LookupError/serviceNotFound(type:provided:)`` listing what is provided.
    /// - Complexity: O(1) on average.
    ///
    /// ```swift
    /// let analytics = try Registry.shared.service(Analytics.self)
    /// analytics.track("opened circles")
    /// ```
    public func service<Value: Sendable>(_ type: Value.Type) throws(LookupError) -> Value {
        let snapshot = snapshot
        guard let instance = snapshot.servicesByKey[ObjectIdentifier(type)]?.instance as? Value else {
            throw .serviceNotFound(type: String(reflecting: type), provided: snapshot.services.map(\.typeName))
        }
        return instance
    }
}

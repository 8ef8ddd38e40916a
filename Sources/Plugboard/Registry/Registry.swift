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

    private let current: PosixMutex<RegistrySnapshot>
    /// The writers' side; see ``update(_:)`` and ``stage(_:plugin:)``.
    private let writer = PosixMutex(Writing())
    /// Base addresses of the images whose linked modules were already registered.
    let linkedImages = PosixMutex(Set<UInt>())
    /// What activates the plugins declared in this registry, if any (see ``PluginPopulation``).
    let activator = PosixMutex(ActivatorReference())
    /// How the startup tasks of a plugin activated after the launch run: the launch's deadline
    /// and observers (``Application`` sets it as it launches).
    let activationPolicy = PosixMutex(LaunchPolicy())

    /// Creates an empty registry.
    ///
    /// ```swift
    /// let registry = Registry()  // an isolated registry, e.g. for a test
    /// try registry.register([CirclesModule.self], image: "tests")
    /// ```
    public init() {
        current = PosixMutex(RegistrySnapshot())
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
        try register(modules.map { ($0, $0.name) }, image: image, plugin: nil)
    }

    /// Registers `modules` as one unit, like ``register(_:image:)``; with `publishing` false the
    /// registration is staged: checked and kept, but invisible to lookups until
    /// ``publishStaged()`` or another change publishes it.
    func register(
        _ modules: [NamedModule],
        image: String,
        plugin: LoadedPlugin?,
        publishing: Bool = true
    ) throws(RegistrationError) {
        let contributions = try contributions(of: modules, image: image, plugin: plugin)
        guard publishing else { return try stage(contributions, plugin: plugin) }
        try apply(contributions, plugin: plugin)
    }

    /// What `modules` register, each module created and asked in turn, without applying any of it.
    /// - Throws: ``RegistrationError/moduleFailed(_:reason:)`` for a module whose registration threw.
    func contributions(
        of modules: [NamedModule], image: String, plugin: LoadedPlugin?
    ) throws(RegistrationError) -> [Contribution] {
        var contributions: [Contribution] = []
        for (type, name) in modules {
            let module = RegisteredModule(owner: Owner(module: name, image: image), plugin: plugin?.manifest.name)
            let registrar = ModuleRegistrar(module: module, registry: self)
            do {
                defer { registrar.close() }
                try type.init().register(with: registrar)
            } catch {
                throw .moduleFailed(module.owner, reason: String(describing: error))
            }
            contributions.append(registrar.contribution)
        }
        return contributions
    }

    /// Applies `contributions` (and `plugin`) and publishes them in one step, replacing the
    /// plugin's placeholders, or changes nothing.
    func apply(_ contributions: [Contribution], plugin: LoadedPlugin?) throws(RegistrationError) {
        try update { snapshot throws(RegistrationError) in
            try snapshot.add(contributions, plugin: plugin)
        }
    }

    private static let empty = RegistrySnapshot()

    /// What writers keep: a copy of the published snapshot in storage of its own, with the
    /// registrations staged since the last publication already applied to it.
    private struct Writing {
        /// A registration as ``RegistrySnapshot/add(_:plugin:)`` takes it.
        typealias Registration = (contributions: [Contribution], plugin: LoadedPlugin?)

        var copy = RegistrySnapshot()
        var staged: [Registration] = []
    }

    /// Applies `change` to the writers' copy, publishes the result, then brings the snapshot it
    /// replaced up to date to become the writers' copy. Writers are serialized; readers wait only
    /// for the swap.
    ///
    /// The writers' copy holds the same content as the published snapshot in storage of its own,
    /// so a change grows it in place rather than copying everything registered so far; the
    /// replaced snapshot is brought up to date by applying `change` to it too, in place unless a
    /// reader still holds it. When registrations were staged, the replaced snapshot lacks them as
    /// well: it is dropped instead, and the writers' copy shares the published storage until the
    /// next change copies what it touches. When `change` throws, nothing is published and the
    /// writers' copy is rebuilt from the published snapshot and the staged registrations.
    func update<Failure: Error>(_ change: (inout RegistrySnapshot) throws(Failure) -> Void) throws(Failure) {
        try writer.withLock { writing throws(Failure) in
            // Taken out of the writers' copy so that the change finds its storage unshared; an
            // empty snapshot is left in its place, shared rather than built anew at each change.
            var next = Self.empty
            swap(&next, &writing.copy)
            do throws(Failure) {
                try change(&next)
            } catch {
                writing.copy = rebuiltCopy(staged: writing.staged)
                throw error
            }
            current.withLock { swap(&$0, &next) }
            guard writing.staged.isEmpty else {
                writing.staged = []
                writing.copy = snapshot
                return
            }
            do throws(Failure) {
                try change(&next)
                writing.copy = next
            } catch {
                writing.copy = snapshot
            }
        }
    }

    /// Publishes the snapshot `rebuild` makes anew from the writers' copy (as replacing a plugin
    /// rebuilds one from what was registered): made once, the writers' copy then shares its
    /// storage until the next change copies what it touches. ``update(_:)`` would make it twice,
    /// once for the published snapshot and once to bring the replaced one up to date. When
    /// `rebuild` throws, nothing changes.
    func publish<Failure: Error>(
        rebuilt rebuild: (RegistrySnapshot) throws(Failure) -> RegistrySnapshot
    ) throws(Failure) {
        try writer.withLock { writing throws(Failure) in
            var next = try rebuild(writing.copy)
            writing.copy = next
            writing.staged = []
            current.withLock { swap(&$0, &next) }
        }
    }

    /// Applies a registration to the writers' copy only: lookups do not see it until the next
    /// publication, and no second copy has to be brought up to date for it. Loading many plugins
    /// stages each and publishes once, which applies each registration once instead of twice.
    /// - Throws: ``RegistrationError``; the writers' copy is then as it was.
    private func stage(_ contributions: [Contribution], plugin: LoadedPlugin?) throws(RegistrationError) {
        try writer.withLock { writing throws(RegistrationError) in
            do throws(RegistrationError) {
                try writing.copy.add(contributions, plugin: plugin)
            } catch {
                writing.copy = rebuiltCopy(staged: writing.staged)
                throw error
            }
            writing.staged.append((contributions, plugin))
        }
    }

    /// Publishes the staged registrations, if any: lookups see them from now on.
    ///
    /// - Returns: What the registry kept of the staged registrations, which it no longer needs.
    ///   Releasing a directory's worth takes a while, so the caller may release it elsewhere.
    @discardableResult
    func publishStaged() -> some Sendable {
        writer.withLock { writing in
            let staged = Published(registrations: writing.staged)
            guard !staged.registrations.isEmpty else { return staged }
            let published = writing.copy
            current.withLock { $0 = published }
            writing.staged = []
            return staged
        }
    }

    /// Registrations that were published, held in a class so that handing them over to be released
    /// elsewhere needs no metadata to be built for their type.
    private final class Published: Sendable {
        let registrations: [Writing.Registration]
        init(registrations: [Writing.Registration]) { self.registrations = registrations }
    }

    /// The published snapshot with `staged` applied again, in order. Each succeeded on exactly
    /// this state before, so each succeeds again.
    private func rebuiltCopy(staged: [Writing.Registration]) -> RegistrySnapshot {
        var copy = snapshot
        for (contributions, plugin) in staged {
            do {
                try copy.add(contributions, plugin: plugin)
            } catch {
                preconditionFailure("a staged registration failed on the state it succeeded on: \(error)")
            }
        }
        return copy
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
            if let plugin = snapshot.inactiveServices[qualifiedName(of: type)] {
                throw .serviceNotActive(type: qualifiedName(of: type), plugin: plugin)
            }
            throw .serviceNotFound(type: String(reflecting: type), provided: snapshot.services.map(\.typeName))
        }
        return instance
    }
}

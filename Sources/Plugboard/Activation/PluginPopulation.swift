/// The installed plugins of a host as one population, each active or declared: a declared plugin
/// is not mapped until it is first needed, and its routes wait in the router as placeholders.
///
/// ```swift
/// let resolution = PluginResolver.resolve(candidates)  // from what each file declares
/// let population = PluginPopulation(loader: PluginLoader(), resolved: resolution.order, manifests: manifests)
/// population.install()  // loads the plugins active at launch, declares the others
/// _ = try await Application().launch()  // runs the active plugins' tasks
/// let screen = try await Registry.shared.screen(for: "app://circles")  // activates Circles first
/// ```
///
/// A plugin is active at launch when its manifest says so (``SealedManifest/isActiveAtLaunch``: a
/// task marked to run at launch, an interceptor, a parameter type or a fallback, which act on other
/// plugins' routes), and so is every plugin it needs. Any other is activated when a route it
/// declares is opened (a push, a deep link), or when a custom event it handles is posted
/// (``Application/post(_:)``); ``activate(_:)`` activates one by name. Activation loads the
/// plugin's dependencies first, then the plugin, through the loader's checks
/// (``PluginLoader/load(resolved:loaded:)``), runs its startup tasks, and publishes its
/// registrations in one step, in the place of its placeholders; it happens once however many ask
/// at the same time. A plugin that cannot be activated leaves nothing registered, and its
/// ``ActivationError`` answers every later use.
///
/// The registry holds the population weakly: keep it as long as its plugins may be needed.
public final class PluginPopulation: PluginActivating {
    /// A plugin of the population and its state.
    ///
    /// ```swift
    /// for member in population.members { print(member.candidate.title, member.state) }
    /// ```
    public struct Member: Sendable {
        /// The plugin file and what it declares of its name, version and dependencies.
        ///
        /// ```swift
        /// member.candidate.path  // "plugins/libCircles.so"
        /// ```
        public let candidate: PluginCandidate
        /// What the plugin declares, read without running it.
        ///
        /// ```swift
        /// member.manifest.routes  // ["app://circles", "app://circles/:id(int)"]
        /// ```
        public let manifest: SealedManifest
        /// Whether it is active, declared, or could not be activated.
        ///
        /// ```swift
        /// member.state  // .declared until first needed
        /// ```
        public let state: State
    }

    /// Where a plugin of the population stands.
    ///
    /// ```swift
    /// if case .failed(let error) = member.state { print(error) }
    /// ```
    public enum State: Sendable, CustomStringConvertible {
        /// Mapped and registered.
        ///
        /// ```swift
        /// if case .active = member.state { print(member.candidate.name, "is loaded") }
        /// ```
        case active
        /// Not mapped; its routes are placeholders that activate it.
        ///
        /// ```swift
        /// if case .declared = member.state { print(member.candidate.name, "loads when first needed") }
        /// ```
        case declared
        /// Being activated now.
        ///
        /// ```swift
        /// if case .activating = member.state { print(member.candidate.name, "is loading") }
        /// ```
        case activating
        /// Refused, at start or when it was activated; nothing of it is registered.
        ///
        /// ```swift
        /// if case .failed(let error) = member.state { print(error) }
        /// ```
        case failed(ActivationError)

        /// Whether the plugin is mapped and registered (``active``).
        ///
        /// ```swift
        /// population.members.filter(\.state.isActive).count
        /// ```
        public var isActive: Bool {
            if case .active = self { true } else { false }
        }

        /// `active`, `declared`, `activating`, or `failed: …`.
        ///
        /// ```swift
        /// print(member.state)  // declared
        /// ```
        public var description: String {
            switch self {
            case .active: "active"
            case .declared: "declared"
            case .activating: "activating"
            case .failed(let error): "failed: \(error)"
            }
        }
    }

    /// What became of one plugin at ``install(eager:loaded:)``.
    ///
    /// ```swift
    /// for case .failed(let path, let error) in population.install() { print(path, error) }
    /// ```
    public enum Installation: Sendable {
        /// Loaded and registered, active from launch.
        ///
        /// ```swift
        /// if case .loaded(let plugin) = installation { print(plugin.modules) }
        /// ```
        case loaded(LoadedPlugin)
        /// Declared: its routes wait as placeholders.
        ///
        /// ```swift
        /// if case .declared(let candidate) = installation { print(candidate.title, "declared") }
        /// ```
        case declared(PluginCandidate)
        /// Refused by the loader, or its routes could not be declared.
        ///
        /// ```swift
        /// if case .failed(let path, let error) = installation { print(path, error) }
        /// ```
        case failed(path: String, PluginLoadError)
    }

    enum Status {
        case declared
        case activating(ActivationWait)
        case active
        case failed(ActivationError)
    }

    struct Entry {
        let candidate: PluginCandidate
        let manifest: SealedManifest
        var status: Status
    }

    /// The loader that loads the plugins, into its registry.
    ///
    /// ```swift
    /// population.loader.registry === Registry.shared
    /// ```
    public let loader: PluginLoader
    let order: [String]
    /// Files of a plugin given before: refused as duplicates at ``install(eager:loaded:)``.
    private let duplicates: [PluginCandidate]
    let entries: PosixMutex<[String: Entry]>
    /// The groups declared to run in plugin processes of their own (``declareIsolated(_:manifests:start:)``).
    let isolatedGroups = PosixMutex<[IsolatedGroup]>([])
    private let activated: @Sendable (String, Result<LoadedPlugin, ActivationError>, Duration) -> Void

    /// Creates the population of `resolved`, the load order ``PluginResolver`` gave, with the
    /// manifest read of each file.
    /// - Parameters:
    ///   - loader: Loads the plugins, into its registry.
    ///   - resolved: The plugins to load, dependencies first (``PluginResolution/order``).
    ///   - manifests: What each file declares, by its path (a candidate without one is left out).
    ///   - activated: Called after each activation of a declared plugin, with its result and how
    ///     long it took (to report it).
    ///
    /// ```swift
    /// let population = PluginPopulation(loader: PluginLoader(), resolved: order, manifests: manifests) { name, result, time in
    ///     print("activated", name, "in", time)
    /// }
    /// ```
    public init(
        loader: PluginLoader, resolved: [PluginCandidate], manifests: [String: SealedManifest],
        activated: @escaping @Sendable (String, Result<LoadedPlugin, ActivationError>, Duration) -> Void = { _, _, _ in
        }
    ) {
        self.loader = loader
        var entries = [String: Entry](minimumCapacity: resolved.count)
        var order: [String] = []
        var duplicates: [PluginCandidate] = []
        for candidate in resolved {
            guard let manifest = manifests[candidate.path] else { continue }
            guard entries[candidate.name] == nil else {
                duplicates.append(candidate)
                continue
            }
            entries[candidate.name] = Entry(candidate: candidate, manifest: manifest, status: .declared)
            order.append(candidate.name)
        }
        self.order = order
        self.duplicates = duplicates
        self.entries = PosixMutex(entries)
        self.activated = activated
    }

    /// The plugins, in load order, each with its state.
    ///
    /// ```swift
    /// population.members.filter(\.state.isActive).count
    /// ```
    public var members: [Member] {
        entries.withLock { entries in
            order.map { name in
                let entry = entries[name]!
                return Member(candidate: entry.candidate, manifest: entry.manifest, state: State(entry.status))
            }
        }
    }

    /// Loads the plugins that are active at launch and those they need (all of them with `eager`),
    /// as ``PluginLoader/load(resolved:loaded:)`` loads files, and declares every other plugin's
    /// routes as placeholders; from then on the registry activates a declared plugin when it is
    /// first needed. Call it once, before the application launches.
    /// - Parameters:
    ///   - eager: Load every plugin now, as a host without lazy activation does.
    ///   - loaded: Called with each file loaded now and its result, in order (to report progress).
    /// - Returns: What became of each plugin, in load order, then each second file of a plugin,
    ///   refused as a duplicate.
    ///
    /// ```swift
    /// for case .declared(let candidate) in population.install() { print(candidate.title, "declared") }
    /// ```
    @discardableResult
    public func install(
        eager: Bool = false,
        loaded: (_ path: String, _ result: Result<LoadedPlugin, PluginLoadError>) -> Void = { _, _ in }
    ) -> [Installation] {
        let all = entries.withLock { $0 }
        var now: Set<String> = []
        func include(_ name: String) {
            guard let entry = all[name], now.insert(name).inserted else { return }
            for dependency in entry.candidate.dependencies { include(dependency.name) }
        }
        for name in order where eager || all[name]!.manifest.isActiveAtLaunch { include(name) }
        let loading = order.filter(now.contains).map { all[$0]!.candidate }
        var outcomes: [String: Installation] = [:]
        for (candidate, result) in zip(loading, loader.load(resolved: loading, loaded: loaded)) {
            switch result {
            case .success(let plugin):
                outcomes[candidate.name] = .loaded(plugin)
                setStatus(.active, of: candidate.name)
            case .failure(let error):
                outcomes[candidate.name] = .failed(path: candidate.path, error)
                setStatus(.failed(.refused(plugin: candidate.name, error)), of: candidate.name)
            }
        }
        for name in order where !now.contains(name) {
            let entry = all[name]!
            do {
                try loader.registry.declare(entry.manifest, image: entry.candidate.path)
                outcomes[name] = .declared(entry.candidate)
            } catch {
                let refusal = PluginLoadError.registrationFailed(path: entry.candidate.path, plugin: name, error: error)
                outcomes[name] = .failed(path: entry.candidate.path, refusal)
                setStatus(.failed(.refused(plugin: name, refusal)), of: name)
            }
        }
        loader.registry.activate(with: self)
        return order.map { outcomes[$0]! }
            + duplicates.map { duplicate in
                let first = all[duplicate.name]!.candidate.path
                return .failed(
                    path: duplicate.path,
                    .duplicatePlugin(name: duplicate.name, path: duplicate.path, loadedFrom: first))
            }
    }

    /// Activates the declared plugin `name`: the plugins it needs first, then it, through the
    /// loader's checks; then its startup tasks run, and its registrations are published in one
    /// step in the place of its placeholders. Returns at once for an active plugin; when several
    /// ask at the same time, it is activated once and all wait for it.
    /// - Throws: ``ActivationError``, the same for every later call; nothing of the plugin is
    ///   registered.
    ///
    /// ```swift
    /// try await population.activate("Circles")
    /// ```
    public func activate(_ name: String) async throws(ActivationError) {
        if let group = isolatedGroup(of: name) { return try await activateIsolated(group) }
        let step = entries.withLock { entries in
            guard entries[name] != nil else {
                return ActivationStep.failed(.unknownPlugin(name: name, declared: order + isolatedNames))
            }
            return ActivationStep.claim(&entries[name]!.status)
        }
        try await step.run { wait in await self.perform(name, finishing: wait) }
    }

    /// Where an activation stands for the one who asks for it, as ``ActivationStep/claim(_:)``
    /// finds it.
    enum ActivationStep {
        case done
        case failed(ActivationError)
        /// This caller activates, and ends the wait.
        case start(ActivationWait)
        case wait(ActivationWait)

        /// The step for `status`, which a declared plugin leaves activating, with the wait that
        /// this caller is to end.
        static func claim(_ status: inout Status) -> ActivationStep {
            switch status {
            case .active: return .done
            case .failed(let error): return .failed(error)
            case .activating(let wait): return .wait(wait)
            case .declared:
                let wait = ActivationWait()
                status = .activating(wait)
                return .start(wait)
            }
        }

        /// Takes the step: `activation` runs on this thread until it first has to wait (a plugin
        /// without startup tasks does not), rather than waking another thread and waiting for it
        /// to end; then this waits for the activation's end.
        func run(_ activation: @escaping @Sendable (ActivationWait) async -> Void) async throws(ActivationError) {
            switch self {
            case .done: return
            case .failed(let error): throw error
            case .start(let wait):
                Task.immediate { await activation(wait) }
                try await wait.value()
            case .wait(let wait): try await wait.value()
            }
        }
    }

    func activatePlugins(handling event: LifecycleEvent) async {
        guard case .custom(let name) = event else { return }
        let handling = entries.withLock { entries in
            order.filter { plugin in
                guard case .declared = entries[plugin]!.status else { return false }
                return entries[plugin]!.manifest.events.contains(name)
            }
        }
        for plugin in handling + isolatedPlugins(handling: name) { try? await activate(plugin) }
    }

    /// Activates `name` for ``activate(_:)``, recording how it ended, and ends `wait` with it.
    private func perform(_ name: String, finishing wait: ActivationWait) async {
        let start = ContinuousClock.now
        do throws(ActivationError) {
            let plugin = try await activation(of: name)
            setStatus(.active, of: name)
            activated(name, .success(plugin), .now - start)
            wait.finish(.success(()))
        } catch {
            setStatus(.failed(error), of: name)
            activated(name, .failure(error), .now - start)
            wait.finish(.failure(error))
        }
    }

    private func activation(of name: String) async throws(ActivationError) -> LoadedPlugin {
        let candidate = entries.withLock { $0[name]!.candidate }
        for dependency in candidate.dependencies where entries.withLock({ $0[dependency.name] != nil }) {
            do {
                try await activate(dependency.name)
            } catch  where !dependency.isOptional {
                throw .dependencyFailed(plugin: name, dependency: dependency.name, reason: error.description)
            } catch {
                continue
            }
        }
        let registry = loader.registry
        // A plugin it needs may have been replaced by another version since resolution.
        for dependency in candidate.dependencies {
            guard let loaded = registry.snapshot.plugins.first(where: { $0.manifest.name == dependency.name }),
                let version = SemanticVersion(loaded.manifest.version), !dependency.versions.contains(version)
            else { continue }
            throw .dependencyFailed(
                plugin: name, dependency: dependency.name,
                reason: "version \(version) is loaded, and \(name) needs \(dependency)")
        }
        return try await bringIn(candidate, copying: false, registered: registry.snapshot) {
            contributions, plugin throws(RegistrationError) in
            try registry.apply(contributions, plugin: plugin)
        }
    }

    /// Checks and maps the file of `candidate` (a sealed copy of it with `copying`), lets
    /// `accept` refuse the build, runs its startup tasks against the tasks `registered`, then
    /// publishes its registrations with `publish`: what activating and replacing a plugin share.
    /// Nothing is published after a failure.
    func bringIn(
        _ candidate: PluginCandidate, copying: Bool, registered: @autoclosure () -> RegistrySnapshot,
        accept: (LoadedPlugin) throws(ActivationError) -> Void = { _ in },
        publish: ([Contribution], LoadedPlugin) throws(RegistrationError) -> Void
    ) async throws(ActivationError) -> LoadedPlugin {
        let name = candidate.name
        let prepared: PreparedPlugin
        do {
            prepared = try loader.prepare(candidate, copying: copying)
        } catch {
            throw .refused(plugin: name, error)
        }
        try accept(prepared.plugin)
        // The snapshot is let go before publishing: one still held there would be copied whole
        // when the registry brings the snapshot it replaces up to date.
        let tasks = prepared.contributions.flatMap(\.tasks)
        let policy = loader.registry.activationPolicy.withLock { $0 }
        if let failure = await ActivationTasks.run(tasks, registered: registered(), policy: policy) {
            throw .tasksFailed(plugin: name, reason: failure)
        }
        do {
            try publish(prepared.contributions, prepared.plugin)
        } catch {
            throw .refused(plugin: name, PluginLoader.registrationFailure(error, of: prepared.plugin))
        }
        return prepared.plugin
    }

    private func setStatus(_ status: Status, of name: String) {
        entries.withLock { $0[name]!.status = status }
    }
}

extension PluginPopulation.State {
    /// The state a member shows for `status`.
    init(_ status: PluginPopulation.Status) {
        switch status {
        case .declared: self = .declared
        case .activating: self = .activating
        case .active: self = .active
        case .failed(let error): self = .failed(error)
        }
    }
}

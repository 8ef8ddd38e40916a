/// Records what one module contributes, with the module as the owner of each item.
///
/// A registrar is handed to ``Module/register(with:)``. Nothing it records is visible in the
/// ``Registry`` until the module (and, for a plugin, every module of the plugin) has registered
/// without error and without conflicts; otherwise all of it is discarded. Record everything
/// inside `register(with:)`: a registrar used after it returns stops the program with a message,
/// since what it recorded then would never be registered.
///
/// ```swift
/// public func register(with registrar: ModuleRegistrar) throws {
///     registrar.route("app://blog/:post(int)", title: "Post") { request in
///         PostScreen(id: try request.int("post"))
///     }
///     registrar.on(.foreground) { _ in await Feed.shared.refresh() }
///     registrar.onShutdown { await Feed.shared.save() }
/// }
/// ```
public final class ModuleRegistrar {
    /// The module being registered and its image.
    ///
    /// ```swift
    /// print("registering", registrar.owner.module, "from", registrar.owner.image)
    /// ```
    public let owner: Owner
    var contribution: Contribution
    /// The registry the module is registered into, held weakly: the routes and handlers that look
    /// services up in it are themselves held by it.
    private weak let registry: Registry?
    /// Whether ``Module/register(with:)`` is still running: what a module records later would
    /// never be registered.
    private var isOpen = true

    init(module: RegisteredModule, registry: Registry) {
        owner = module.owner
        self.registry = registry
        contribution = Contribution(module: module)
    }

    /// Registers a route whose screen `factory` builds.
    ///
    /// ```swift
    /// registrar.route("app://circles/:id(int)", title: "Circle") { request in
    ///     CircleScreen(id: try request.int("id"))
    /// }
    /// ```
    /// - Parameters:
    ///   - pattern: `scheme://host/path` whose segments are literals, `:name` or `:name(type)`
    ///     parameters, `*`, or a final `**` (see `Router` in PlugboardRouting for the matching rules and precedence).
    ///   - title: A short description for route listings.
    ///   - example: A URL the route opens, for a pattern with parameters: `plugboard verify` opens
    ///     it, as it opens every route without parameters, to find a screen that crashes or hangs.
    ///     Registration fails unless the route matches it.
    ///   - factory: Builds the screen when the route is opened.
    ///
    /// ```swift
    /// registrar.route("app://circles/:id(int)", title: "Circle", example: "app://circles/1") { request in
    ///     CircleScreen(id: try request.int("id"))
    /// }
    /// ```
    public func route(
        _ pattern: String, title: String? = nil, example: String? = nil, factory: @escaping ScreenFactory
    ) {
        record { $0.routes.append(.init(pattern: pattern, title: title, example: example, factory: factory)) }
    }

    /// Defines a parameter type that route patterns can use as `:name(type)`.
    ///
    /// ```swift
    /// registrar.parameterType(ParameterType("slug") { $0.allSatisfy { $0.isLowercase || $0 == "-" } })
    /// ```
    /// - Parameter type: The type; its name must not be taken.
    public func parameterType(_ type: ParameterType) {
        record { $0.parameterTypes.append(type) }
    }

    /// Guards the routes matching `pattern`: `decide` may let a request proceed, redirect or reject it.
    ///
    /// ```swift
    /// registrar.intercept(pattern: "app://mine/wallet") { request in
    ///     await session.isLoggedIn ? .proceed : .redirect(to: "app://login", returningTo: request.url)
    /// }
    /// ```
    /// - Parameters:
    ///   - pattern: A route pattern; requests matched by a pattern of the same shape are guarded.
    ///   - priority: Lower runs first; equal priorities run in registration order.
    ///   - decide: The guard; it may suspend.
    public func intercept(
        pattern: String,
        priority: Int = 0,
        decide: @escaping @Sendable (RouteRequest) async throws -> InterceptorDecision
    ) {
        record { $0.interceptors.append(.init(scope: .pattern(pattern), priority: priority, decide: decide)) }
    }

    /// Guards every request whose URL starts with `prefix` (scheme and host compared without case).
    /// - Parameters:
    ///   - prefix: For example `app://account/`.
    ///   - priority: Lower runs first; equal priorities run in registration order.
    ///   - decide: The guard; it may suspend.
    ///
    /// ```swift
    /// registrar.intercept(prefix: "app://account/") { request in
    ///     session.isLoggedIn ? .proceed : .redirect(to: "app://login", returningTo: request.url)
    /// }
    /// ```
    public func intercept(
        prefix: String,
        priority: Int = 0,
        decide: @escaping @Sendable (RouteRequest) async throws -> InterceptorDecision
    ) {
        record { $0.interceptors.append(.init(scope: .prefix(prefix), priority: priority, decide: decide)) }
    }

    /// Handles URLs that no route matches (one module per registry may do so).
    /// - Parameter factory: Builds a screen for the unmatched request; its `pattern` is `nil`.
    ///
    /// ```swift
    /// registrar.fallback { request in NotFoundScreen(url: request.url) }
    /// ```
    public func fallback(_ factory: @escaping ScreenFactory) {
        record { $0.fallbacks.append(factory) }
    }

    /// Registers a startup task that runs when the application launches.
    ///
    /// ```swift
    /// registrar.startupTask("greeter.load-names", after: ["shell.configuration"], timeout: .seconds(2)) {
    ///     try await names.load()
    /// }
    /// ```
    /// - Parameters:
    ///   - name: A name unique across all modules, for example `greeter.load-names`.
    ///   - dependencies: Names of tasks that must finish before this one starts.
    ///   - phase: ``StartupPhase/launch`` (default) or ``StartupPhase/afterFirstScreen``.
    ///   - timeout: How long the task may run before it is cancelled and counted as timed out;
    ///     by default, the host's deadline (``Application/taskTimeout``).
    ///   - required: Whether a failure stops the launch; an optional task's failure only skips
    ///     the tasks that depend on it.
    ///   - atLaunch: Whether the task runs at launch even in a host that activates its plugin
    ///     when first needed, which makes the plugin active at launch (see
    ///     ``StartupTask/runsAtLaunch``); otherwise it runs when its plugin activates.
    ///   - body: The launch work.
    public func startupTask(
        _ name: String,
        after dependencies: [String] = [],
        phase: StartupPhase = .launch,
        timeout: Duration? = nil,
        required: Bool = true,
        atLaunch: Bool = false,
        run body: @escaping @Sendable () async throws -> Void
    ) {
        record {
            $0.tasks.append(
                StartupTask(
                    name: name, dependencies: dependencies, phase: phase, isMainActor: false,
                    timeout: timeout, isRequired: required, runsAtLaunch: atLaunch, owner: owner, body: body
                )
            )
        }
    }

    /// Registers a startup task whose work runs on the main actor, such as building the root screen.
    ///
    /// ```swift
    /// registrar.mainActorStartupTask("shell.root-screen", after: ["shell.store"]) {
    ///     navigator.setRoot("app://tabs")
    /// }
    /// ```
    /// - Parameters:
    ///   - name: A name unique across all modules.
    ///   - dependencies: Names of tasks that must finish before this one starts.
    ///   - phase: The phase the task runs in.
    ///   - timeout: How long the task may run before it is cancelled and counted as timed out;
    ///     by default, the host's deadline (``Application/taskTimeout``).
    ///   - required: Whether a failure stops the launch.
    ///   - atLaunch: Whether the task runs at launch even in a host that activates its plugin
    ///     when first needed (see ``StartupTask/runsAtLaunch``).
    ///   - body: The launch work, isolated to the main actor.
    public func mainActorStartupTask(
        _ name: String,
        after dependencies: [String] = [],
        phase: StartupPhase = .launch,
        timeout: Duration? = nil,
        required: Bool = true,
        atLaunch: Bool = false,
        run body: @escaping @MainActor @Sendable () async throws -> Void
    ) {
        record {
            $0.tasks.append(
                StartupTask(
                    name: name, dependencies: dependencies, phase: phase, isMainActor: true,
                    timeout: timeout, isRequired: required, runsAtLaunch: atLaunch, owner: owner,
                    body: { try await body() }
                )
            )
        }
    }

    /// Handles a lifecycle event: launch, foreground, background, terminate or a custom event.
    ///
    /// Handlers of different modules receive an event in dependency order: a module whose tasks
    /// depend on another module's tasks hears the event after that module.
    ///
    /// ```swift
    /// registrar.on(.custom("user.logged-in")) { event in await cache.reset(for: event.userInfo["user"]) }
    /// ```
    /// - Parameters:
    ///   - event: The event to handle.
    ///   - handler: Receives the event and the values posted with it.
    public func on(_ event: LifecycleEvent, perform handler: @escaping @Sendable (Event) async -> Void) {
        record { $0.handlers.append(EventHandler(event: event, owner: owner, body: handler)) }
    }

    /// Registers work to run when the application terminates, in reverse dependency order.
    ///
    /// ```swift
    /// registrar.onShutdown { await store.flush() }
    /// ```
    /// - Parameter body: The shutdown work.
    public func onShutdown(_ body: @escaping @Sendable () async -> Void) {
        record { $0.shutdowns.append(ShutdownHandler(owner: owner, body: body)) }
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
        record {
            $0.services.append(
                Service(
                    typeName: qualifiedName(of: type),
                    owner: owner,
                    key: ObjectIdentifier(type),
                    instance: instance
                )
            )
        }
    }

    /// A lookup of another module's service in the registry this module is registered into,
    /// made each time it is called — never while registering, when the module providing it may
    /// not be registered yet — so that the service is found however the modules were ordered, and
    /// a provider replaced later is the one found.
    ///
    /// ```swift
    /// let sessions = registrar.lookup((any ReaderSessions).self)
    /// registrar.intercept(pattern: "app://blog/articles/:id(int)/comment") { request in
    ///     (try? sessions())?.reader == nil ? .redirect(to: "app://login", returningTo: request.url) : .proceed
    /// }
    /// ```
    /// - Parameter type: The type the service is provided as, often a protocol's existential.
    /// - Returns: A function that returns the service, or throws ``LookupError/serviceNotFound(type:provided:)``.
    public func lookup<Value: Sendable>(_ type: Value.Type) -> @Sendable () throws(LookupError) -> Value {
        let registry = registry
        return { () throws(LookupError) in
            guard let registry else { throw .serviceNotFound(type: String(reflecting: type), provided: []) }
            return try registry.service(type)
        }
    }

    /// Records an item, or stops with a message when the module uses its registrar after
    /// ``Module/register(with:)`` returned.
    private func record(_ change: (inout Contribution) -> Void) {
        precondition(
            isOpen,
            "module \(owner.module) used its ModuleRegistrar after register(with:) returned; what it records then "
                + "is never registered: record everything inside register(with:)")
        change(&contribution)
    }

    /// Ends recording: called when ``Module/register(with:)`` returns.
    func close() {
        isOpen = false
    }
}

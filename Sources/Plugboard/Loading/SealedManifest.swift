/// A plugin's manifest and declarations as `plugboard seal` writes them into the plugin file's
/// `.plugboard_manifest` ELF section, where they can be read without loading the plugin.
///
/// ```swift
/// if let sealed = try ManifestReader.read(fileAt: "plugins/libCircles.so") {
///     print(sealed.name, sealed.version, sealed.architecture, sealed.routes)
/// }
/// ```
public struct SealedManifest: Codable, Sendable, Hashable {
    /// The plugin's name.
    ///
    /// ```swift
    /// sealed.name  // "Circles"
    /// ```
    public var name: String
    /// The plugin's version.
    ///
    /// ```swift
    /// sealed.version  // "1.2.0"
    /// ```
    public var version: String
    /// The Plugboard runtime version the plugin was built against.
    ///
    /// ```swift
    /// sealed.runtimeVersion == RuntimeFingerprint.current.runtimeVersion
    /// ```
    public var runtimeVersion: String
    /// The compiler identity of the toolchain the plugin was built with.
    ///
    /// ```swift
    /// sealed.toolchain == RuntimeFingerprint.current.toolchain
    /// ```
    public var toolchain: String
    /// The machine architecture, for example `x86_64`.
    ///
    /// ```swift
    /// sealed.architecture  // "x86_64"
    /// ```
    public var architecture: String
    /// The plugin's module names.
    ///
    /// ```swift
    /// sealed.modules  // ["Circles.CirclesModule"]
    /// ```
    public var modules: [String]
    /// The route patterns its modules register.
    ///
    /// ```swift
    /// sealed.routes  // ["app://circles", "app://circles/:id(int)"]
    /// ```
    public var routes: [String]
    /// The startup task names its modules register.
    ///
    /// ```swift
    /// sealed.tasks  // ["circles.cache"]
    /// ```
    public var tasks: [String]
    /// The plugins it needs, with the versions it accepts.
    ///
    /// ```swift
    /// sealed.dependencies.map(\.description)  // ["Account >=1.2.0 <2.0.0"]
    /// ```
    public var dependencies: [PluginDependency]
    /// The title of each route of ``routes``, in the same order (empty for a route without one).
    ///
    /// ```swift
    /// sealed.routeTitles  // ["Circles", "A circle"]
    /// ```
    public var routeTitles: [String] = []
    /// The example URL of each route of ``routes``, in the same order (empty for a route without
    /// one; ``Route/example``).
    ///
    /// ```swift
    /// sealed.routeExamples  // ["", "app://circles/42"]
    /// ```
    public var routeExamples: [String] = []
    /// The module that registers each route of ``routes``, in the same order.
    ///
    /// ```swift
    /// sealed.routeModules  // ["CirclesPlugin.CirclesModule", "CirclesPlugin.CirclesModule"]
    /// ```
    public var routeModules: [String] = []
    /// The startup tasks of ``tasks`` that run at launch however the plugin is activated
    /// (``StartupTask/runsAtLaunch``): the plugin is then active at launch.
    ///
    /// ```swift
    /// sealed.launchTasks  // ["shell.configuration", "shell.root-screen"]
    /// ```
    public var launchTasks: [String] = []
    /// The type names of the services its modules provide.
    ///
    /// ```swift
    /// sealed.services  // ["AccountPlugin.ReaderSessions"]
    /// ```
    public var services: [String] = []
    /// The events its modules handle, as ``LifecycleEvent/description`` gives them (`terminate`,
    /// or a custom event's name).
    ///
    /// ```swift
    /// sealed.events  // ["terminate", "user.logged-in"]
    /// ```
    public var events: [String] = []
    /// What its interceptors cover, as ``InterceptorScope/description`` gives it (the plugin acts
    /// on other plugins' routes, so it is active at launch).
    ///
    /// ```swift
    /// sealed.interceptors  // ["pattern app://mine/wallet"]
    /// ```
    public var interceptors: [String] = []
    /// The route parameter types its modules define (active at launch, as other plugins' routes
    /// may use them).
    ///
    /// ```swift
    /// sealed.parameterTypes  // ["slug"]
    /// ```
    public var parameterTypes: [String] = []
    /// The modules of it that handle unmatched URLs (active at launch).
    ///
    /// ```swift
    /// sealed.fallbacks  // ["Shell.ShellModule"]
    /// ```
    public var fallbacks: [String] = []
    /// The module that registers each of ``tasks``, in the same order.
    ///
    /// ```swift
    /// sealed.taskModules  // ["CirclesPlugin.CirclesModule"]
    /// ```
    public var taskModules: [String] = []
    /// The names of the tasks each of ``tasks`` runs after, in the same order.
    ///
    /// ```swift
    /// sealed.taskDependencies  // [["shell.store"]]
    /// ```
    public var taskDependencies: [[String]] = []
    /// The phase of each of ``tasks`` (`launch` or `after-first-screen`), in the same order.
    ///
    /// ```swift
    /// sealed.taskPhases  // ["launch"]
    /// ```
    public var taskPhases: [String] = []
    /// The tasks whose failure does not stop the launch (registered with `required: false`).
    ///
    /// ```swift
    /// sealed.optionalTasks  // ["shell.analytics"]
    /// ```
    public var optionalTasks: [String] = []
    /// The tasks that run on the main actor (registered with `mainActorStartupTask`).
    ///
    /// ```swift
    /// sealed.mainActorTasks  // ["shell.root-screen"]
    /// ```
    public var mainActorTasks: [String] = []
    /// The timeout of each of ``tasks`` in milliseconds, or an empty string for the host's
    /// deadline, in the same order.
    ///
    /// ```swift
    /// sealed.taskTimeouts  // ["2000", ""]
    /// ```
    public var taskTimeouts: [String] = []
    /// What the plugin needs beyond its own code, each in its text form
    /// (``PluginPermission/description``).
    ///
    /// ```swift
    /// sealed.permissions  // [.read("~/notes")]
    /// ```
    public var permissions: [PluginPermission] = []

    /// Whether the plugin is active from launch wherever plugins are activated when first needed:
    /// it has a startup task that runs at launch, or an interceptor, parameter type or fallback,
    /// which act on other plugins' routes.
    ///
    /// ```swift
    /// sealed.isActiveAtLaunch  // true for a plugin with a login guard
    /// ```
    public var isActiveAtLaunch: Bool {
        !launchTasks.isEmpty || !interceptors.isEmpty || !parameterTypes.isEmpty || !fallbacks.isEmpty
    }

    /// The fingerprint the plugin was sealed with.
    ///
    /// ```swift
    /// sealed.fingerprint == .current  // the loader refuses the file otherwise
    /// ```
    public var fingerprint: RuntimeFingerprint {
        RuntimeFingerprint(runtimeVersion: runtimeVersion, toolchain: toolchain)
    }
}

// In an extension, so that the struct keeps its memberwise initializer (the manifest parser's).
extension SealedManifest {
    /// Creates a sealed manifest.
    ///
    /// ```swift
    /// let sealed = SealedManifest(plugin: loaded, snapshot: registry.snapshot)
    /// ```
    /// - Parameters:
    ///   - plugin: A loaded plugin.
    ///   - snapshot: The registry it was loaded into, to list what its modules register.
    public init(plugin: LoadedPlugin, snapshot: RegistrySnapshot) {
        let modules = Set(plugin.modules)
        name = plugin.manifest.name
        version = plugin.manifest.version
        runtimeVersion = plugin.manifest.fingerprint.runtimeVersion
        toolchain = plugin.manifest.fingerprint.toolchain
        architecture = ELFCheck.machineName
        self.modules = plugin.modules
        let routes = snapshot.routes.filter { modules.contains($0.owner.module) }
        self.routes = routes.map(\.pattern.description)
        routeTitles = routes.map { $0.title ?? "" }
        routeExamples = routes.map { $0.example ?? "" }
        routeModules = routes.map(\.owner.module)
        let tasks = snapshot.tasks.filter { modules.contains($0.owner.module) }
        self.tasks = tasks.map(\.name)
        launchTasks = tasks.filter(\.runsAtLaunch).map(\.name)
        taskModules = tasks.map(\.owner.module)
        taskDependencies = tasks.map(\.dependencies)
        taskPhases = tasks.map(\.phase.description)
        optionalTasks = tasks.filter { !$0.isRequired }.map(\.name)
        mainActorTasks = tasks.filter(\.isMainActor).map(\.name)
        taskTimeouts = tasks.map { task in
            task.timeout.map { timeout in
                let (seconds, attoseconds) = timeout.components
                return String(seconds * 1000 + (attoseconds + 999_999_999_999_999) / 1_000_000_000_000_000)
            } ?? ""
        }
        dependencies = plugin.manifest.dependencies
        permissions = plugin.manifest.permissions
        services = snapshot.services.filter { modules.contains($0.owner.module) }.map(\.typeName)
        var events: [String] = []
        for handler in snapshot.handlers where modules.contains(handler.owner.module) {
            if !events.contains(handler.event.description) { events.append(handler.event.description) }
        }
        self.events = events
        interceptors = snapshot.interceptors.filter { modules.contains($0.owner.module) }.map(\.scope.description)
        parameterTypes = snapshot.parameterTypeOwners.filter { modules.contains($0.value.module) }.keys.sorted()
        fallbacks = snapshot.fallback.map { modules.contains($0.owner.module) ? [$0.owner.module] : [] } ?? []
    }
}

extension SealedManifest {
    /// The startup tasks the manifest declares, as the plugin at `image` registers them, for a
    /// check of the startup graph before the plugin is loaded: each body, never run, fails.
    /// A manifest that does not say a task's module, dependencies or phase leaves it to the
    /// plugin's first module, none and ``StartupPhase/launch``.
    ///
    /// ```swift
    /// let tasks = sealed.declaredTasks(image: "/plugins/libCirclesPlugin.so")
    /// tasks.first?.dependencies  // ["shell.store"]
    /// ```
    public func declaredTasks(image: String) -> [StartupTask] {
        let (optional, mainActor) = (Set(optionalTasks), Set(mainActorTasks))
        let name = self.name
        return tasks.indices.map { index in
            let module = index < taskModules.count ? taskModules[index] : modules.first ?? name
            let phase =
                index < taskPhases.count
                ? StartupPhase.allCases.first { $0.description == taskPhases[index] } ?? .launch : .launch
            let timeout = index < taskTimeouts.count ? Int64(taskTimeouts[index]).map(Duration.milliseconds) : nil
            return StartupTask(
                name: tasks[index], dependencies: index < taskDependencies.count ? taskDependencies[index] : [],
                phase: phase, isMainActor: mainActor.contains(tasks[index]), timeout: timeout,
                isRequired: !optional.contains(tasks[index]),
                runsAtLaunch: launchTasks.contains(tasks[index]), owner: Owner(module: module, image: image)
            ) { throw LookupError.pluginNotActive(plugin: name) }
        }
    }
}

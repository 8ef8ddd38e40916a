public import PlugboardRouting

/// An immutable view of everything registered at one moment.
///
/// Lookups read a snapshot and never wait for a registration in progress; each accepted
/// registration publishes a new snapshot, except that the plugins of one
/// ``PluginLoader/load(files:loaded:)`` are published together when it returns.
///
/// ```swift
/// let snapshot = Registry.shared.snapshot  // does not change when more plugins load
/// for route in snapshot.routes { print(route.pattern, route.owner.module) }
/// ```
public struct RegistrySnapshot: Sendable {
    /// Registered modules, in registration order.
    ///
    /// ```swift
    /// snapshot.modules.map(\.name)  // ["Shell.ShellModule", "Circles.CirclesModule", …]
    /// ```
    public private(set) var modules: [RegisteredModule] = []
    /// Loaded plugins, in load order.
    ///
    /// ```swift
    /// snapshot.plugins.map(\.manifest.name)  // ["Shell", "Circles", …]
    /// ```
    public private(set) var plugins: [LoadedPlugin] = []
    /// Startup tasks, in registration order.
    ///
    /// ```swift
    /// snapshot.tasks.map(\.name)  // ["shell.config", "circles.cache", …]
    /// ```
    public private(set) var tasks: [StartupTask] = []
    /// Lifecycle event handlers, in registration order.
    ///
    /// ```swift
    /// snapshot.handlers.filter { $0.event == .foreground }.count
    /// ```
    public private(set) var handlers: [EventHandler] = []
    /// Shutdown work, in registration order.
    ///
    /// ```swift
    /// snapshot.shutdowns.map(\.owner.module)  // modules with shutdown work
    /// ```
    public private(set) var shutdowns: [ShutdownHandler] = []
    /// Route guards, in the order they run: ascending priority, then registration order.
    ///
    /// ```swift
    /// snapshot.interceptors.map(\.priority)  // ascending
    /// ```
    public private(set) var interceptors: [Interceptor] = []
    /// The router holding every route.
    ///
    /// ```swift
    /// snapshot.router.count  // how many routes
    /// ```
    public private(set) var router = Router<Route>()
    /// The handler of unmatched URLs and its owner, if a module registered one.
    ///
    /// ```swift
    /// snapshot.fallback?.owner.module  // who handles unmatched URLs, if anyone
    /// ```
    public private(set) var fallback: (owner: Owner, factory: ScreenFactory)?
    /// Modules switched off at runtime: their routes answer "disabled" and their tasks do not run.
    ///
    /// ```swift
    /// try Registry.shared.disable(module: "Blog.BlogModule")
    /// Registry.shared.snapshot.disabledModules  // ["Blog.BlogModule"]
    /// ```
    public internal(set) var disabledModules: Set<String> = []
    /// Modules kept from launching (``QuarantinedPlugin``), each with the reason: their routes
    /// answer "not available" with it.
    ///
    /// ```swift
    /// Registry.shared.snapshot.quarantinedModules["CirclesPlugin.CirclesModule"]  // "task 'circles.load' …"
    /// ```
    public internal(set) var quarantinedModules: [String: String] = [:]
    private(set) var servicesByKey: [ObjectIdentifier: Service] = [:]
    /// Each loaded plugin's file, by plugin name.
    private var pluginFiles: [String: String] = [:]
    /// Each plugin declared but not active yet, by name: its manifest, and the patterns its
    /// placeholders still hold.
    private var declaredPlugins: [String: DeclaredPlugin] = [:]

    private struct DeclaredPlugin: Sendable {
        let manifest: SealedManifest
        let image: String
        var placeholders: [RoutePattern]
    }

    /// The file of the plugin `name`, if it is declared and not active yet.
    func declaredImage(of name: String) -> String? {
        declaredPlugins[name]?.image
    }

    /// The manifests of the plugins declared but not active yet, in name order.
    var declaredManifests: [SealedManifest] {
        declaredPlugins.values.map(\.manifest).sorted { $0.name < $1.name }
    }

    /// The startup tasks of the plugins declared but not active yet, as their manifests declare
    /// them (``SealedManifest/declaredTasks(image:)``): for a check of the whole startup graph
    /// before any of them loads.
    var declaredTasks: [StartupTask] {
        declaredPlugins.values.sorted { $0.manifest.name < $1.manifest.name }.flatMap { declared in
            declared.manifest.declaredTasks(image: declared.image)
        }
    }
    /// What was declared and registered, in order: what a snapshot without one plugin is rebuilt
    /// from (``replacing(_:with:plugin:)``).
    private var history: [Change] = []

    /// One declaration or registration, as it was applied.
    private enum Change: Sendable {
        case declared(SealedManifest, image: String, refusal: String?)
        case registered([Contribution], plugin: LoadedPlugin?)
    }
    /// The modules of the plugins declared but not active yet (``PluginPopulation``), each with
    /// its plugin's name: they may be disabled before they are registered.
    ///
    /// ```swift
    /// snapshot.inactiveModules  // ["CirclesPlugin.CirclesModule": "Circles"]
    /// ```
    public var inactiveModules: [String: String] {
        declared(\.modules)
    }

    /// The names of the registered modules, in registration order, then those of the plugins
    /// declared but not active yet, sorted: every module that can be named (to disable it, say).
    ///
    /// ```swift
    /// snapshot.knownModules  // ["ShellPlugin.ShellModule", …, "CirclesPlugin.CirclesModule"]
    /// ```
    public var knownModules: [String] {
        modules.map(\.name) + inactiveModules.keys.sorted()
    }
    /// The services that plugins declared but not active yet provide, by type name, each with its
    /// plugin's name: ``Registry/activatedService(_:)`` activates the plugin to find one.
    ///
    /// ```swift
    /// snapshot.inactiveServices  // ["GreeterPlugin.Greetings": "Greeter"]
    /// ```
    public var inactiveServices: [String: String] {
        declared(\.services)
    }

    /// What `names` of each declared plugin's manifest lists, each with the plugin's name.
    private func declared(_ names: KeyPath<SealedManifest, [String]>) -> [String: String] {
        var found: [String: String] = [:]
        for declared in declaredPlugins.values {
            for name in declared.manifest[keyPath: names] { found[name] = declared.manifest.name }
        }
        return found
    }
    /// The names in ``modules`` and ``tasks``: a set of names grows and is searched faster than a
    /// dictionary of owners, and a duplicate's owner is looked up only to report it.
    private var moduleNames: Set<String> = []
    private var taskNames: Set<String> = []
    /// The module that defined each parameter type, by name.
    private(set) var parameterTypeOwners: [String: Owner] = [:]

    /// Registered routes, sorted by pattern.
    ///
    /// ```swift
    /// for route in snapshot.routes { print(route.pattern, route.title ?? "", route.owner.module) }
    /// ```
    public var routes: [Route] {
        router.entries.map(\.route).sorted { $0.pattern.description < $1.pattern.description }
    }

    /// Whether the module named `module` is disabled.
    ///
    /// ```swift
    /// snapshot.isDisabled("Blog.BlogModule")  // true after disable(module:)
    /// ```
    public func isDisabled(_ module: String) -> Bool {
        disabledModules.contains(module)
    }

    /// The modules whose startup tasks do not run, each with the reason: disabled or quarantined.
    var excludedModules: [String: String] {
        var excluded = quarantinedModules.mapValues(Quarantine.skipReason)
        for module in disabledModules { excluded[module] = "module \(module) is disabled" }
        return excluded
    }

    /// Provided services, sorted by type name.
    ///
    /// ```swift
    /// snapshot.services.map(\.typeName)  // ["Shell.Analytics", …]
    /// ```
    public var services: [Service] {
        servicesByKey.values.sorted { $0.typeName < $1.typeName }
    }

    /// Adds `contributions` (and `plugin`) in place, or throws every problem found. After a throw
    /// the snapshot holds part of them and must be discarded; ``Registry`` only ever applies this
    /// to a working copy.
    mutating func add(_ contributions: [Contribution], plugin: LoadedPlugin?) throws(RegistrationError) {
        var problems: [RegistrationProblem] = []
        if let plugin, let existing = pluginFiles[plugin.manifest.name] {
            problems.append(.duplicatePlugin(name: plugin.manifest.name, existingFile: existing, newFile: plugin.path))
        }
        // Parameter types first, so any module's routes may use a type another module defines.
        for contribution in contributions {
            problems += defineTypes(of: contribution)
        }
        for contribution in contributions {
            problems += insert(contribution)
        }
        // The declared plugins these registrations take the place of: `plugin`, or those whose
        // modules an isolated plugin process registers as proxies.
        let activated = plugin.map { [$0.manifest.name] } ?? Set(contributions.compactMap(\.module.plugin)).sorted()
        for name in activated {
            guard let missing = declaredPlugins[name]?.placeholders else { continue }
            problems += missing.map { .declaredRouteMissing(pattern: $0.description, plugin: name) }
        }
        guard problems.isEmpty else { throw .rejected(problems) }
        history.append(.registered(contributions, plugin: plugin))
        for name in activated { declaredPlugins[name] = nil }
        if let plugin {
            plugins.append(plugin)
            pluginFiles[plugin.manifest.name] = plugin.path
        }
        interceptors.sort { $0.priority < $1.priority }
    }

    private mutating func defineTypes(of contribution: Contribution) -> [RegistrationProblem] {
        var problems: [RegistrationProblem] = []
        let owner = contribution.module.owner
        for type in contribution.parameterTypes {
            do {
                try router.define(type)
                parameterTypeOwners[type.name] = owner
            } catch {
                problems.append(
                    .duplicateParameterType(name: type.name, existing: parameterTypeOwners[type.name], new: owner))
            }
        }
        return problems
    }

    private mutating func insert(_ contribution: Contribution) -> [RegistrationProblem] {
        var problems: [RegistrationProblem] = []
        let owner = contribution.module.owner
        if owner.module.isEmpty || owner.module.containsControlCharacter {
            problems.append(.invalidModuleName(name: owner.module, image: owner.image))
        } else if !moduleNames.insert(owner.module).inserted {
            let existing = modules.first { $0.owner.module == owner.module }!.owner
            problems.append(.duplicateModule(name: owner.module, existing: existing, new: owner))
        } else {
            modules.append(contribution.module)
        }
        for route in contribution.routes {
            problems += insert(route, owner: owner, plugin: contribution.module.plugin)
        }
        for pending in contribution.interceptors {
            let scope: InterceptorScope
            switch pending.scope {
            case .prefix(let prefix):
                scope = .prefix(prefix)
            case .pattern(let text):
                do {
                    scope = .pattern(try RoutePattern(text))
                } catch {
                    problems.append(.invalidInterceptor(pattern: text, owner: owner, reason: error.reason))
                    continue
                }
            }
            interceptors.append(
                Interceptor(scope: scope, priority: pending.priority, owner: owner, decide: pending.decide))
        }
        for factory in contribution.fallbacks {
            if let existing = fallback {
                problems.append(.duplicateFallback(existing: existing.owner, new: owner))
            } else {
                fallback = (owner, factory)
            }
        }
        for task in contribution.tasks {
            if task.name.isEmpty || task.name.containsWhitespace || task.name.containsControlCharacter {
                problems.append(.invalidTaskName(name: task.name, owner: task.owner))
            } else if !taskNames.insert(task.name).inserted {
                let existing = tasks.first { $0.name == task.name }!.owner
                problems.append(.duplicateTask(name: task.name, existing: existing, new: task.owner))
            } else {
                tasks.append(task)
            }
        }
        handlers += contribution.handlers
        shutdowns += contribution.shutdowns
        for service in contribution.services {
            if let existing = servicesByKey[service.key] {
                problems.append(
                    .duplicateService(type: service.typeName, existing: existing.owner, new: service.owner)
                )
            } else {
                servicesByKey[service.key] = service
            }
        }
        return problems
    }

    /// Inserts `route` of `owner`, a module of `plugin`; a placeholder of the same plugin for the
    /// same pattern gives the route its place.
    private mutating func insert(
        _ route: Contribution.PendingRoute, owner: Owner, plugin: String?
    ) -> [RegistrationProblem] {
        let pattern: RoutePattern
        switch route.parsed {
        case .pattern(let parsed): pattern = parsed
        case .invalid(let error): return [.invalidRoute(pattern: route.pattern, owner: owner, reason: error.reason)]
        }
        let registered = Route(
            pattern: pattern, title: route.title, example: route.example, owner: owner, factory: route.factory,
            inactivePlugin: route.inactivePlugin, refusal: route.refusal)
        do {
            try router.add(pattern, registered)
            return problems(ofExample: route, pattern: pattern, owner: owner)
        } catch {
            switch error {
            case .conflict(_, let existing)
            where plugin != nil && router.entry(for: existing)?.route.inactivePlugin == plugin:
                _ = router.replaceRoute(for: existing, with: registered)
                declaredPlugins[plugin!]?.placeholders.removeAll { $0.description == existing.description }
                return problems(ofExample: route, pattern: pattern, owner: owner)
            case .conflict(_, let existing):
                let existingOwner = router.entry(for: existing)?.route.owner ?? owner
                return [.duplicateRoute(pattern: route.pattern, existing: existingOwner, new: owner)]
            case .unknownType(let type, _, let known):
                return [
                    .invalidRoute(
                        pattern: route.pattern, owner: owner,
                        reason: "unknown parameter type '\(type)'; known types: \(known.joined(separator: ", "))"
                    )
                ]
            case .duplicateType:
                return [.invalidRoute(pattern: route.pattern, owner: owner, reason: error.description)]
            }
        }
    }

    /// Why the example `route` declares is not a URL of `pattern`, the route's pattern as added
    /// to the router: one that does not match, or that another route takes.
    private func problems(
        ofExample route: Contribution.PendingRoute, pattern: RoutePattern, owner: Owner
    ) -> [RegistrationProblem] {
        guard let example = route.example else { return [] }
        let reason: String
        switch router.match(example) {
        case .matched(let entry, _) where entry.pattern == pattern: return []
        case .matched(let entry, _):
            reason = "its example '\(example.shown)' opens \(entry.pattern) of module \(entry.route.owner.module)"
        case .notFound: reason = "its example '\(example.shown)' does not match it"
        case .invalid(let error): reason = "its example '\(example.shown)' cannot be routed: \(error.reason)"
        }
        return [.invalidRoute(pattern: route.pattern, owner: owner, reason: reason + "; give a URL the route opens")]
    }

    /// Declares the routes of `manifest`, a plugin at `image` that is not active, as placeholders
    /// that name it (``Route/inactivePlugin``). After a throw the snapshot holds part of them and
    /// must be discarded, as after ``add(_:plugin:)``.
    ///
    /// With a `refusal`, the plugin cannot load: its placeholders answer with the refusal
    /// (``Route/refusal``), only where no other route owns the pattern, and the plugin is not
    /// declared otherwise (its tasks, modules and services are not the population's).
    /// - Throws: ``RegistrationError`` with every route that cannot be declared (a pattern another
    ///   plugin owns, say).
    mutating func declare(_ manifest: SealedManifest, image: String, refusal: String? = nil) throws(RegistrationError) {
        var problems: [RegistrationProblem] = []
        var declared: [RoutePattern] = []
        for (index, text) in manifest.routes.enumerated() {
            let module =
                index < manifest.routeModules.count ? manifest.routeModules[index] : manifest.modules.first ?? ""
            let title =
                index < manifest.routeTitles.count && !manifest.routeTitles[index].isEmpty
                ? manifest.routeTitles[index] : nil
            let example =
                index < manifest.routeExamples.count && !manifest.routeExamples[index].isEmpty
                ? manifest.routeExamples[index] : nil
            let owner = Owner(module: module, image: image)
            let name = manifest.name
            var placeholder = Contribution.PendingRoute(pattern: text, title: title, example: example) { _ in
                throw LookupError.pluginNotActive(plugin: name)
            }
            placeholder.inactivePlugin = name
            placeholder.refusal = refusal
            let found = insert(placeholder, owner: owner, plugin: nil)
            // A refused plugin gives way to every plugin that loads.
            if refusal == nil { problems += found }
            if found.isEmpty, case .pattern(let pattern) = placeholder.parsed { declared.append(pattern) }
        }
        guard problems.isEmpty else { throw .rejected(problems) }
        history.append(.declared(manifest, image: image, refusal: refusal))
        guard refusal == nil else { return }
        declaredPlugins[manifest.name] = DeclaredPlugin(manifest: manifest, image: image, placeholders: declared)
    }

    /// This snapshot with everything the plugin named `name` registered replaced by
    /// `contributions` of `plugin`, its new build: rebuilt from what was declared and registered,
    /// in order, without the old registrations, then the new ones. Modules keep their disabled and
    /// quarantined states.
    /// - Throws: ``RegistrationError`` when the new build cannot take the old one's place (a route
    ///   another plugin owns, say); nothing changes then.
    func replacing(
        _ name: String, with contributions: [Contribution], plugin: LoadedPlugin
    ) throws(RegistrationError) -> RegistrySnapshot {
        var next = try without(name)
        try next.add(contributions, plugin: plugin)
        return next
    }

    /// This snapshot with the placeholders of `manifest`, what the plugin it names declares now,
    /// in the place of those it declared before (see ``replacing(_:with:plugin:)``).
    /// - Throws: ``RegistrationError`` when a route cannot be declared; nothing changes then.
    func redeclaring(_ manifest: SealedManifest, image: String) throws(RegistrationError) -> RegistrySnapshot {
        var next = try without(manifest.name)
        try next.declare(manifest, image: image)
        return next
    }

    /// This snapshot rebuilt from what was declared and registered, in order, without anything of
    /// the plugin named `name`; modules keep their disabled and quarantined states.
    private func without(_ name: String) throws(RegistrationError) -> RegistrySnapshot {
        var next = RegistrySnapshot()
        for change in history {
            switch change {
            case .declared(let manifest, let image, let refusal) where manifest.name != name:
                try next.declare(manifest, image: image, refusal: refusal)
            case .declared: continue
            case .registered(let contributions, let registered) where registered?.manifest.name != name:
                try next.add(contributions, plugin: registered)
            case .registered: continue
            }
        }
        next.disabledModules = disabledModules
        next.quarantinedModules = quarantinedModules
        return next
    }
}

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
    /// The names in ``modules`` and ``tasks``: a set of names grows and is searched faster than a
    /// dictionary of owners, and a duplicate's owner is looked up only to report it.
    private var moduleNames: Set<String> = []
    private var taskNames: Set<String> = []
    private var typeOwners: [String: Owner] = [:]

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
        guard problems.isEmpty else { throw .rejected(problems) }
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
                typeOwners[type.name] = owner
            } catch {
                problems.append(.duplicateParameterType(name: type.name, existing: typeOwners[type.name], new: owner))
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
            problems += insert(route, owner: owner)
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

    private mutating func insert(_ route: Contribution.PendingRoute, owner: Owner) -> [RegistrationProblem] {
        let pattern: RoutePattern
        switch route.parsed {
        case .pattern(let parsed): pattern = parsed
        case .invalid(let error): return [.invalidRoute(pattern: route.pattern, owner: owner, reason: error.reason)]
        }
        do {
            try router.add(pattern, Route(pattern: pattern, title: route.title, owner: owner, factory: route.factory))
            return []
        } catch {
            switch error {
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
}

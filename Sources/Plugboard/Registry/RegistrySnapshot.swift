/// An immutable view of everything registered at one moment.
///
/// Lookups read a snapshot and never wait for a registration in progress; each accepted
/// registration publishes a new snapshot.
public struct RegistrySnapshot: Sendable {
    /// Registered modules, in registration order.
    public private(set) var modules: [RegisteredModule] = []
    /// Loaded plugins, in load order.
    public private(set) var plugins: [LoadedPlugin] = []
    /// Startup tasks, in registration order.
    public private(set) var tasks: [StartupTask] = []
    /// Lifecycle event handlers, in registration order.
    public private(set) var handlers: [EventHandler] = []
    /// Shutdown work, in registration order.
    public private(set) var shutdowns: [ShutdownHandler] = []
    private(set) var routesByPattern: [String: Route] = [:]
    private(set) var servicesByKey: [ObjectIdentifier: Service] = [:]
    private var moduleOwners: [String: Owner] = [:]
    private var taskOwners: [String: Owner] = [:]

    /// Registered routes, sorted by pattern.
    public var routes: [Route] {
        routesByPattern.values.sorted { $0.pattern < $1.pattern }
    }

    /// Provided services, sorted by type name.
    public var services: [Service] {
        servicesByKey.values.sorted { $0.typeName < $1.typeName }
    }

    /// Returns this snapshot with `contributions` (and `plugin`) added, or every problem found.
    func adding(
        _ contributions: [Contribution],
        plugin: LoadedPlugin?
    ) -> Result<RegistrySnapshot, RegistrationError> {
        var next = self
        var problems: [RegistrationProblem] = []
        if let plugin, let existing = plugins.first(where: { $0.manifest.name == plugin.manifest.name }) {
            problems.append(
                .duplicatePlugin(name: plugin.manifest.name, existingFile: existing.path, newFile: plugin.path)
            )
        }
        for contribution in contributions {
            problems += next.insert(contribution)
        }
        guard problems.isEmpty else { return .failure(.rejected(problems)) }
        if let plugin { next.plugins.append(plugin) }
        return .success(next)
    }

    private mutating func insert(_ contribution: Contribution) -> [RegistrationProblem] {
        var problems: [RegistrationProblem] = []
        let owner = contribution.module.owner
        if let existing = moduleOwners[owner.module] {
            problems.append(.duplicateModule(name: owner.module, existing: existing, new: owner))
        } else {
            moduleOwners[owner.module] = owner
            modules.append(contribution.module)
        }
        for route in contribution.routes {
            if let reason = RoutePatternCheck.problem(in: route.pattern) {
                problems.append(.invalidRoute(pattern: route.pattern, owner: route.owner, reason: reason))
            } else if let existing = routesByPattern[route.pattern] {
                problems.append(.duplicateRoute(pattern: route.pattern, existing: existing.owner, new: route.owner))
            } else {
                routesByPattern[route.pattern] = route
            }
        }
        for task in contribution.tasks {
            if task.name.isEmpty || task.name.contains(where: \.isWhitespace) {
                problems.append(.invalidTaskName(name: task.name, owner: task.owner))
            } else if let existing = taskOwners[task.name] {
                problems.append(.duplicateTask(name: task.name, existing: existing, new: task.owner))
            } else {
                taskOwners[task.name] = task.owner
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
}

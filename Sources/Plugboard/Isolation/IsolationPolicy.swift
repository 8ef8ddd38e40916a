/// Where a host runs its plugins: in its own process (``none``, the library's default), each in a
/// plugin process of its own (``all``), or only those named (``plugins(_:)``).
///
/// Plugins that need one another share services and libraries, so they run in one process: the
/// plugins joined by dependencies form a group, and a group runs whole in the host's process or
/// whole in one plugin process. ``plan(for:)`` derives the groups, and refuses a policy that
/// would split one, before anything runs.
///
/// ```swift
/// let plan = try IsolationPolicy.plugins(["Blog", "Account"]).plan(for: resolution.order)
/// plan.groups.map { $0.map(\.name) }  // [["Account", "Blog"]]: one plugin process
/// ```
public enum IsolationPolicy: Sendable, Hashable {
    /// Every plugin runs in the host's process.
    ///
    /// ```swift
    /// IsolationPolicy.none.plan(for: order).inHost.count == order.count  // true
    /// ```
    case none
    /// Every group of plugins runs in a plugin process of its own.
    ///
    /// ```swift
    /// IsolationPolicy.all.plan(for: order).inHost  // []
    /// ```
    case all
    /// The plugins named run in plugin processes, grouped by their dependencies; the rest in the
    /// host's process.
    ///
    /// ```swift
    /// IsolationPolicy.plugins(["Notes"])
    /// ```
    case plugins(Set<String>)

    /// Parses the values of a host's option: `all`, `none`, or plugin names (each value may list
    /// several, separated by commas); no value is ``none``.
    /// - Throws: ``IsolationError/invalidPolicy(_:)`` when `all` or `none` is given beside other
    ///   values, or values are given that name nothing (`""`, `","`).
    ///
    /// ```swift
    /// try IsolationPolicy(parsing: ["Blog,Account"])  // .plugins(["Blog", "Account"])
    /// ```
    public init(parsing values: [String]) throws(IsolationError) {
        let names = values.flatMap { $0.split(separator: ",").map(String.init) }.filter { !$0.isEmpty }
        // A value that names nothing (an empty variable, say) is no choice of none.
        guard values.isEmpty || !names.isEmpty else {
            throw .invalidPolicy("no plugin is named; give all, none, or plugin names")
        }
        switch Set(names) {
        case []: self = .none
        case ["all"]: self = .all
        case ["none"]: self = .none
        case let names where names.contains("all") || names.contains("none"):
            throw .invalidPolicy("'all' and 'none' stand alone; give either of them, or plugin names")
        case let names: self = .plugins(names)
        }
    }

    /// Which of the `resolved` plugins (in load order) run where.
    /// - Throws: ``IsolationError/unknownPlugin(_:available:)`` for a name no plugin has, and
    ///   ``IsolationError/splitGroup(isolated:joinedTo:)`` when a plugin named would run apart from a
    ///   plugin it needs or that needs it, naming its whole group.
    ///
    /// ```swift
    /// let plan = try IsolationPolicy.all.plan(for: resolution.order)
    /// ```
    public func plan(for resolved: [PluginCandidate]) throws(IsolationError) -> IsolationPlan {
        let named: Set<String>
        switch self {
        case .none: return IsolationPlan(groups: [], inHost: resolved)
        case .all: named = Set(resolved.map(\.name))
        case .plugins(let names): named = names
        }
        let present = Set(resolved.map(\.name))
        if let unknown = named.sorted().first(where: { !present.contains($0) }) {
            throw .unknownPlugin(unknown, available: present.sorted())
        }
        var groups: [[PluginCandidate]] = []
        var inHost: [PluginCandidate] = []
        for group in Self.groups(of: resolved) {
            let isolated = group.filter { named.contains($0.name) }
            let apart = group.filter { !named.contains($0.name) }
            if isolated.isEmpty {
                inHost += group
            } else if !apart.isEmpty {
                throw .splitGroup(isolated: isolated.map(\.name), joinedTo: apart.map(\.name))
            } else {
                groups.append(group)
            }
        }
        return IsolationPlan(groups: groups, inHost: resolved.filter { inHost.contains($0) })
    }

    /// The plugins of `resolved` joined by dependencies (either way, optional ones included),
    /// each group in load order, the groups in the order of their first plugin.
    private static func groups(of resolved: [PluginCandidate]) -> [[PluginCandidate]] {
        var group = Array(resolved.indices)  // each plugin's group, by the index of a member
        func root(_ index: Int) -> Int {
            var index = index
            while group[index] != index { index = group[index] }
            return index
        }
        let index = Dictionary(resolved.enumerated().map { ($1.name, $0) }, uniquingKeysWith: { first, _ in first })
        for (member, candidate) in resolved.enumerated() {
            for dependency in candidate.dependencies {
                guard let other = index[dependency.name] else { continue }
                let (a, b) = (root(member), root(other))
                group[max(a, b)] = min(a, b)
            }
        }
        var members: [Int: [PluginCandidate]] = [:]
        for (member, candidate) in resolved.enumerated() { members[root(member), default: []].append(candidate) }
        return members.keys.sorted().map { members[$0]! }
    }
}

/// Where each plugin runs, as ``IsolationPolicy/plan(for:)`` decided: the groups that run in
/// plugin processes (one process each) and the plugins that run in the host's process, each in
/// load order.
///
/// ```swift
/// for group in plan.groups { _ = try await IsolatedPlugin.start(files: group.map(\.path), command: command) }
/// ```
public struct IsolationPlan: Sendable, Hashable {
    /// The groups that run in plugin processes, one process each.
    ///
    /// ```swift
    /// plan.groups.map { $0.map(\.name) }  // [["Shell", "Circles"], ["Greeter"]]
    /// ```
    public let groups: [[PluginCandidate]]
    /// The plugins that run in the host's process.
    ///
    /// ```swift
    /// plan.inHost.map(\.name)  // ["Account", "Blog"]
    /// ```
    public let inHost: [PluginCandidate]
}

import Plugboard

/// Prints what a registry holds: plugins, modules, routes, startup tasks and services.
enum RegistryListing {
    /// Everything `snapshot` holds, under a heading per kind, and what the plugins of `members`
    /// not loaded declare; plugins in the order of `members`.
    static func print(_ snapshot: RegistrySnapshot, members: [PluginPopulation.Member] = []) {
        let declared = members.filter { if case .declared = $0.state { true } else { false } }
        let order = Dictionary(members.enumerated().map { ($1.candidate.name, $0) }) { first, _ in first }
        Terminal.heading("Plugins")
        let plugins =
            snapshot.plugins.map {
                (
                    $0.manifest.name, $0.manifest.version, $0.path, $0.manifest.fingerprint, $0.manifest.dependencies,
                    false
                )
            }
            + declared.map {
                (
                    $0.candidate.name, $0.candidate.version, $0.candidate.path, $0.manifest.fingerprint,
                    $0.candidate.dependencies, true
                )
            }
        for (name, version, path, fingerprint, dependencies, isDeclared)
            in plugins.sorted(by: { (order[$0.0] ?? 0) < (order[$1.0] ?? 0) })
        {
            Terminal.line("  \(name) \(version)  \(PluginLoader.shown(path: path))")
            if isDeclared { Terminal.line("    not loaded   until first needed") }
            Terminal.line("    fingerprint  \(fingerprint)")
            let listed = dependencies.map(\.description)
            Terminal.line("    dependencies \(listed.isEmpty ? "(none)" : listed.joined(separator: ", "))")
        }
        if plugins.isEmpty { Terminal.line("  (none)") }
        Terminal.heading("Modules")
        printModules(snapshot)
        Terminal.heading("Routes")
        printRoutes(snapshot)
        Terminal.heading("Startup tasks")
        for task in snapshot.tasks {
            let after = task.dependencies.isEmpty ? "" : "  after \(task.dependencies.joined(separator: ", "))"
            Terminal.line("  \(task.name)\(after)  [\(task.owner.module)]")
        }
        for member in declared {
            for task in member.manifest.tasks {
                Terminal.line("  \(task)  [plugin \(member.candidate.name), not loaded]")
            }
        }
        if snapshot.tasks.isEmpty && declared.allSatisfy(\.manifest.tasks.isEmpty) { Terminal.line("  (none)") }
        Terminal.heading("Services")
        let services =
            snapshot.services.map { ($0.typeName, $0.owner.module) }
            + snapshot.inactiveServices.map { ($0.key, "plugin \($0.value), not loaded") }
        for (type, owner) in services.sorted(by: { $0.0 < $1.0 }) { Terminal.line("  \(type)  [\(owner)]") }
        if snapshot.services.isEmpty && snapshot.inactiveServices.isEmpty { Terminal.line("  (none)") }
    }

    /// One line per module: its name, where it comes from, and whether it is disabled.
    static func printModules(_ snapshot: RegistrySnapshot) {
        for module in snapshot.modules {
            let source = module.plugin.map { "plugin \($0)" } ?? PluginLoader.shown(path: module.owner.image)
            Terminal.line("  \(module.name)  from \(source)\(snapshot.isDisabled(module.name) ? "  (disabled)" : "")")
        }
        for (module, plugin) in snapshot.inactiveModules.sorted(by: { $0.key < $1.key }) {
            let disabled = snapshot.isDisabled(module) ? ", disabled" : ""
            Terminal.line("  \(module)  from plugin \(plugin)  (not loaded yet\(disabled))")
        }
        if snapshot.modules.isEmpty && snapshot.inactiveModules.isEmpty { Terminal.line("  (none)") }
    }

    /// One line per plugin: its name and version, and whether it is active; without a population
    /// (every plugin loaded at start), the plugins `snapshot` holds, all active.
    static func printPlugins(_ members: [PluginPopulation.Member], snapshot: RegistrySnapshot) {
        let lines =
            members.isEmpty
            ? snapshot.plugins.map { "\($0.manifest.name) \($0.manifest.version)  active" }
            : members.map { member in
                switch member.state {
                case .declared: "\(member.candidate.title)  not loaded (loads when first needed)"
                default: "\(member.candidate.title)  \(member.state)"
                }
            }
        for line in lines { Terminal.line("  \(line)") }
        if lines.isEmpty { Terminal.line("  (none)") }
    }

    /// One line per route: its pattern, title and owning module (and, for a plugin not active
    /// yet, that opening it activates the plugin).
    static func printRoutes(_ snapshot: RegistrySnapshot) {
        for route in snapshot.routes {
            let inactive = route.inactivePlugin.map { "  (activates \($0))" } ?? ""
            Terminal.line("  \(route.pattern)  \(route.title ?? "")  [\(route.owner.module)]\(inactive)")
        }
        if snapshot.routes.isEmpty { Terminal.line("  (none)") }
    }
}

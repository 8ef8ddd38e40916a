import Plugboard

/// Prints what a registry holds: plugins, modules, routes, startup tasks and services.
enum RegistryListing {
    /// Everything `snapshot` holds, under a heading per kind.
    static func print(_ snapshot: RegistrySnapshot) {
        Terminal.heading("Plugins")
        for plugin in snapshot.plugins {
            Terminal.line(
                "  \(plugin.manifest.name) \(plugin.manifest.version)  \(PluginLoader.shown(path: plugin.path))")
            Terminal.line("    fingerprint  \(plugin.manifest.fingerprint)")
            let dependencies = plugin.manifest.dependencies.map(\.description)
            Terminal.line("    dependencies \(dependencies.isEmpty ? "(none)" : dependencies.joined(separator: ", "))")
        }
        if snapshot.plugins.isEmpty { Terminal.line("  (none)") }
        Terminal.heading("Modules")
        printModules(snapshot)
        Terminal.heading("Routes")
        printRoutes(snapshot)
        Terminal.heading("Startup tasks")
        for task in snapshot.tasks {
            let after = task.dependencies.isEmpty ? "" : "  after \(task.dependencies.joined(separator: ", "))"
            Terminal.line("  \(task.name)\(after)  [\(task.owner.module)]")
        }
        if snapshot.tasks.isEmpty { Terminal.line("  (none)") }
        Terminal.heading("Services")
        for service in snapshot.services {
            Terminal.line("  \(service.typeName)  [\(service.owner.module)]")
        }
        if snapshot.services.isEmpty { Terminal.line("  (none)") }
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

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
        if snapshot.modules.isEmpty { Terminal.line("  (none)") }
    }

    /// One line per route: its pattern, title and owning module.
    static func printRoutes(_ snapshot: RegistrySnapshot) {
        for route in snapshot.routes {
            Terminal.line("  \(route.pattern)  \(route.title ?? "")  [\(route.owner.module)]")
        }
        if snapshot.routes.isEmpty { Terminal.line("  (none)") }
    }
}

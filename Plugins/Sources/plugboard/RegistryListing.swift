import Plugboard

/// Prints what a registry holds: plugins, modules, routes, startup tasks and services.
enum RegistryListing {
    static func print(_ snapshot: RegistrySnapshot) {
        Terminal.line(Terminal.heading("Plugins"))
        for plugin in snapshot.plugins {
            Terminal.line("  \(plugin.manifest.name) \(plugin.manifest.version)  \(plugin.path)")
            Terminal.line("    built for \(plugin.manifest.fingerprint)")
        }
        if snapshot.plugins.isEmpty { Terminal.line("  (none)") }
        Terminal.line(Terminal.heading("Modules"))
        for module in snapshot.modules {
            Terminal.line("  \(module.name)  from \(module.plugin.map { "plugin \($0)" } ?? module.owner.image)")
        }
        Terminal.line(Terminal.heading("Routes"))
        for route in snapshot.routes {
            Terminal.line("  \(route.pattern)  \(route.title ?? "")  [\(route.owner.module)]")
        }
        if snapshot.routes.isEmpty { Terminal.line("  (none)") }
        Terminal.line(Terminal.heading("Startup tasks"))
        for task in snapshot.tasks {
            let after = task.dependencies.isEmpty ? "" : "  after \(task.dependencies.joined(separator: ", "))"
            Terminal.line("  \(task.name)\(after)  [\(task.owner.module)]")
        }
        Terminal.line(Terminal.heading("Services"))
        for service in snapshot.services {
            Terminal.line("  \(service.typeName)  [\(service.owner.module)]")
        }
    }
}

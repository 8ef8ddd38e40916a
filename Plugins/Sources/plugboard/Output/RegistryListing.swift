import Plugboard
import Synchronization

/// Prints what a registry holds: plugins, modules, routes, startup tasks and services.
enum RegistryListing {
    /// Everything `snapshot` holds, under a heading per kind, and what the plugins of `population`
    /// not loaded declare; plugins in the order of its members. The same value as `list --json`
    /// (``RegistryJSON``), as text.
    static func print(_ snapshot: RegistrySnapshot, population: PluginPopulation) {
        let listed = RegistryJSON(
            snapshot, members: population.members, isolatedMembers: population.isolatedMembers)
        Terminal.heading("Plugins")
        for plugin in listed.plugins {
            Terminal.line("  \(plugin.name) \(plugin.version)  \(PluginLoader.shown(path: plugin.file))")
            if !plugin.loaded {
                Terminal.line(
                    "    not loaded   until first needed\(plugin.isolated ? ", in a process of its own" : "")")
            } else {
                let process = plugin.processID.map { "process \($0)" } ?? "stopped"
                Terminal.line("    runs         \(plugin.isolated ? "isolated, \(process)" : "in the host's process")")
            }
            Terminal.line(
                "    fingerprint  \(RuntimeFingerprint(runtimeVersion: plugin.runtimeVersion, toolchain: plugin.toolchain))"
            )
            let dependencies = plugin.dependencies.map(\.description)
            Terminal.line("    dependencies \(dependencies.isEmpty ? "(none)" : dependencies.joined(separator: ", "))")
            Terminal.line("    permissions  \(permissions(of: plugin))")
        }
        if listed.plugins.isEmpty { Terminal.line("  (none)") }
        // What the kernel cannot enforce, said where isolated plugins are listed as confined.
        let unenforced = listed.plugins.contains(where: \.isolated) ? KernelConfinement.current.unenforced : []
        if !unenforced.isEmpty {
            Terminal.line("  not enforced on this kernel: \(unenforced.joined(separator: "; "))")
        }
        Terminal.heading("Modules")
        printModules(snapshot)
        Terminal.heading("Routes")
        printRoutes(snapshot)
        Terminal.heading("Startup tasks")
        for task in listed.tasks {
            let after = task.dependencies.isEmpty ? "" : "  after \(task.dependencies.joined(separator: ", "))"
            let owner = task.loaded ? task.module : "\(task.module), plugin \(task.plugin ?? ""), not loaded"
            // What the JSON says beside, where it is not the default: a launch task, required, with
            // the host's deadline.
            let notes =
                (task.phase == "launch" ? [] : [task.phase]) + (task.required ? [] : ["optional"])
                + (task.timeoutMilliseconds.map { ["timeout \($0) ms"] } ?? [])
            Terminal.line(
                "  \(task.name)\(after)  [\(owner)]\(notes.isEmpty ? "" : "  (\(notes.joined(separator: ", ")))")")
        }
        if listed.tasks.isEmpty { Terminal.line("  (none)") }
        Terminal.heading("Services")
        for service in listed.services {
            Terminal.line("  \(service.type)  [\(service.module ?? "plugin \(service.plugin ?? ""), not loaded")]")
        }
        if listed.services.isEmpty { Terminal.line("  (none)") }
    }

    /// One line per module: its name, where it comes from, and whether it is disabled.
    /// What `plugin` declares it needs, and whether its process is confined to it.
    private static func permissions(of plugin: RegistryJSON.Plugin) -> String {
        let declared = plugin.permissions.isEmpty ? "(none)" : plugin.permissions.joined(separator: ", ")
        if plugin.isolated { return declared + "  (confined to them)" }
        // In the host's process nothing confines it: it may do what the host may.
        return declared + (plugin.permissions.isEmpty ? "" : "  (not confined: it runs in the host's process)")
    }

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

    /// One line per plugin: its name and version, and whether it is active (and where it runs);
    /// without a population (every plugin loaded at start), the plugins `snapshot` holds, all
    /// active.
    static func printPlugins(_ population: PluginPopulation?, snapshot: RegistrySnapshot) {
        let members = population?.members ?? []
        let lines =
            members.isEmpty
            ? snapshot.plugins.map { "\($0.manifest.name) \($0.manifest.version)  active" }
            : members.map { member in
                switch member.state {
                case .declared: "\(member.candidate.title)  not loaded (loads when first needed)"
                default: "\(member.candidate.title)  \(member.state)"
                }
            }
        // Those isolated that did not start are listed after those that did.
        let waiting = (population?.isolatedMembers ?? []).compactMap { member -> String? in
            switch member.state {
            case .declared: "\(member.candidate.title)  not loaded (starts isolated when first needed)"
            case .active: nil
            default: "\(member.candidate.title)  isolated, \(member.state)"
            }
        }
        let isolated = Isolation.started.withLock { $0 }.flatMap { plugin in
            plugin.plugins.map { "\($0.name) \($0.version)  \(Isolation.place(of: $0, in: plugin))" }
        }
        // A host that isolates plugins keeps a plugin process waiting, which `ps` lists as
        // `plugboard-spare`.
        var spare: [String] = []
        if !isolated.isEmpty || !waiting.isEmpty {
            let process = IsolatedPlugin.preparedProcessID(for: Isolation.processCommand)
            spare = ["spare plugin process: " + (process.map { "\($0)" } ?? "none prepared yet")]
        }
        for line in lines + isolated + waiting + spare { Terminal.line("  \(line)") }
        if lines.isEmpty && waiting.isEmpty && isolated.isEmpty { Terminal.line("  (none)") }
    }

    /// One line per route: its pattern, title and owning module, the URL it declares as its
    /// example (for a route with parameters), and, for a plugin not active yet, that opening it
    /// activates the plugin.
    static func printRoutes(_ snapshot: RegistrySnapshot) {
        for route in snapshot.routes {
            let example = route.example.map { "  e.g. \($0)" } ?? ""
            let inactive = route.inactivePlugin.map { "  (activates \($0))" } ?? ""
            Terminal.line("  \(route.pattern)  \(route.title ?? "")  [\(route.owner.module)]\(example)\(inactive)")
        }
        if snapshot.routes.isEmpty { Terminal.line("  (none)") }
    }
}

import Plugboard

/// `plugboard routes`: every route with its owner, parameters, title and example.
enum RoutesCommand {
    static let help = """
        USAGE: plugboard routes [--plugins DIR]... [--with-bundled] [--eager] [--json] [--isolate NAMES]
                                [--plugin-deadline SECONDS]
                                [--grant NAME[=PERMISSION]]...

        Lists every route of the bundled plugins (or of the plugins in each DIR): its pattern,
        parameters, title, example URL, and the module and file that own it. Only the plugins
        active at launch are loaded; the routes of the others, and of the plugins to isolate,
        come from their manifests (no plugin process starts), and say which plugin opening them
        loads.

        OPTIONS:
          --plugins DIR   Load the .so files in DIR instead of the bundled plugins.
          --with-bundled  Load the bundled plugins as well as those of --plugins.
          --eager         Load every plugin first.
          --json          Print the routes as JSON, for scripts: pattern, title, example,
                          parameters with their types, module, plugin, file, whether it is
                          active and whether its plugin is isolated.
        \(Isolation.help)
          -h, --help      Show this help.
        """

    /// What `routes --json` prints.
    private struct Listing: Encodable {
        let schemaVersion = jsonSchemaVersion
        let routes: [RouteJSON]
    }

    static func run(_ arguments: [String]) async throws -> Int32 {
        let (failures, population, json) = try await PluginLoading.installForListing(arguments)
        defer { withExtendedLifetime(population) {} }
        let snapshot = Registry.shared.snapshot
        let isolated = Isolation.names(startedOr: population.isolatedMembers)
        let routes = snapshot.routes.map { RouteJSON($0, in: snapshot, isolated: isolated) }
        if json {
            try printJSON(Listing(routes: routes))
            return failures > 0 ? 1 : 0
        }
        for route in routes {
            Terminal.line(route.pattern)
            if let title = route.title { Terminal.line("  title       \(title)") }
            if !route.parameters.isEmpty {
                let parameters = route.parameters.map { parameter in
                    parameter.type.map { "\(parameter.name) (\($0))" } ?? parameter.name
                }
                Terminal.line("  parameters  \(parameters.joined(separator: ", "))")
            }
            if let example = route.example { Terminal.line("  example     \(example)") }
            Terminal.line("  owner       \(route.module)  (\(PluginLoader.shown(path: route.file)))")
            if let plugin = route.plugin {
                let runs = route.isolated == true ? ", isolated" : ""
                Terminal.line(
                    "  plugin      \(plugin)\(route.active ? ", active" : ", not loaded: opening the route loads it")\(runs)"
                )
            }
        }
        if routes.isEmpty { Terminal.line("(no routes)") }
        return failures > 0 ? 1 : 0
    }
}

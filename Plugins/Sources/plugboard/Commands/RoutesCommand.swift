import Plugboard

/// `plugboard routes`: every route with its owner, parameters and title.
enum RoutesCommand {
    static let help = """
        USAGE: plugboard routes [--plugins DIR]... [--with-bundled] [--eager] [--json] [--isolate NAMES]

        Lists every route of the bundled plugins (or of the plugins in each DIR): its pattern,
        parameters, title, and the module and file that own it. Only the plugins active at
        launch are loaded; the routes of the others come from their manifests, and say which
        plugin opening them loads.

        OPTIONS:
          --plugins DIR   Load the .so files in DIR instead of the bundled plugins.
          --with-bundled  Load the bundled plugins as well as those of --plugins.
          --eager         Load every plugin first.
          --json          Print the routes as a JSON array, for scripts: pattern, title,
                          parameters, module and file.
        \(Isolation.help)
          -h, --help      Show this help.
        """

    static func run(_ arguments: [String]) throws -> Int32 {
        let (failures, population, json) = try PluginLoading.installForListing(arguments)
        defer { withExtendedLifetime(population) {} }
        let routes = Registry.shared.snapshot.routes
        if json {
            try printJSON(routes.map(RegistryJSON.Route.init))
            return failures > 0 ? 1 : 0
        }
        for route in routes {
            let parameters = route.pattern.parameterNames
            Terminal.line(route.pattern.description)
            if let title = route.title { Terminal.line("  title       \(title)") }
            if !parameters.isEmpty { Terminal.line("  parameters  \(parameters.joined(separator: ", "))") }
            Terminal.line("  owner       \(route.owner.module)  (\(PluginLoader.shown(path: route.owner.image)))")
            if let plugin = route.inactivePlugin {
                Terminal.line("  plugin      \(plugin), not loaded: opening the route loads it")
            }
        }
        if routes.isEmpty { Terminal.line("(no routes)") }
        return failures > 0 ? 1 : 0
    }
}

import Plugboard

/// `plugboard routes`: every route with its owner, parameters and title.
enum RoutesCommand {
    static let help = """
        USAGE: plugboard routes [--plugins DIR]... [--with-bundled] [--json]

        Loads the bundled plugins (or the plugins in each DIR) and lists every route: its
        pattern, parameters, title, and the module and file that own it.

        OPTIONS:
          --plugins DIR   Load the .so files in DIR instead of the bundled plugins.
          --with-bundled  Load the bundled plugins as well as those of --plugins.
          --json          Print the routes as a JSON array, for scripts: pattern, title,
                          parameters, module and file.
          -h, --help      Show this help.
        """

    static func run(_ arguments: [String]) throws -> Int32 {
        let (failures, json) = try PluginLoading.loadForListing(arguments)
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
        }
        if routes.isEmpty { Terminal.line("(no routes)") }
        return failures > 0 ? 1 : 0
    }
}

import Plugboard

/// `plugboard list`: what the loaded plugins register, by kind.
enum ListCommand {
    static let help = """
        USAGE: plugboard list [--plugins DIR]... [--with-bundled] [--json]

        Loads the bundled plugins (or the plugins in each DIR) and lists what the registry then
        holds: each plugin with its file and the runtime and toolchain it was built for, each
        module with where it comes from, and the routes, startup tasks and services with the
        module that owns them.

        OPTIONS:
          --plugins DIR   Load the .so files in DIR instead of the bundled plugins.
          --with-bundled  Load the bundled plugins as well as those of --plugins.
          --json          Print it all as one JSON object, for scripts: plugins, modules,
                          routes, tasks and services.
          -h, --help      Show this help.
        """

    static func run(_ arguments: [String]) throws -> Int32 {
        let (failures, json) = try PluginLoading.loadForListing(arguments)
        if json {
            try printJSON(RegistryJSON(Registry.shared.snapshot))
        } else {
            RegistryListing.print(Registry.shared.snapshot)
        }
        return failures > 0 ? 1 : 0
    }
}

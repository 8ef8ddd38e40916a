import Plugboard

/// `plugboard list`: what the loaded plugins register, by kind.
enum ListCommand {
    static let help = """
        USAGE: plugboard list [--plugins DIR]... [--with-bundled] [--eager] [--json] [--isolate NAMES]
                              [--plugin-deadline SECONDS]
                              [--grant NAME[=PERMISSION]]...

        Lists what the bundled plugins (or the plugins in each DIR) register: each plugin with
        its file and the runtime and toolchain it was built for, each module with where it
        comes from, and the routes, startup tasks and services with the module that owns them.
        Only the plugins active at launch are loaded; what the others register comes from their
        manifests, marked as not loaded. So does what the plugins to isolate register: list starts
        no plugin process and runs no startup task.

        OPTIONS:
          --plugins DIR   Load the .so files in DIR instead of the bundled plugins.
          --with-bundled  Load the bundled plugins as well as those of --plugins.
          --eager         Load every plugin first.
          --json          Print it all as one JSON object, for scripts: plugins, modules,
                          routes, tasks and services ("loaded": false for a plugin not
                          loaded, whose tasks and services name their plugin).
        \(Isolation.help)
          -h, --help      Show this help.
        """

    static func run(_ arguments: [String]) async throws -> Int32 {
        let (failures, population, json) = try await PluginLoading.installForListing(arguments)
        if json {
            try printJSON(
                RegistryJSON(
                    Registry.shared.snapshot, members: population.members, isolatedMembers: population.isolatedMembers))
        } else {
            RegistryListing.print(Registry.shared.snapshot, population: population)
        }
        return failures > 0 ? 1 : 0
    }
}

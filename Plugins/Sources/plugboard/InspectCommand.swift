import Plugboard

/// `plugboard inspect FILE`: print a plugin's manifest and what its modules register.
enum InspectCommand {
    static let help = """
        USAGE: plugboard inspect FILE

        Loads the plugin FILE into a private registry (the application's registry is not
        touched) and prints its manifest and every route, startup task and service its
        modules register.

        OPTIONS:
          -h, --help   Show this help.
        """

    static func run(_ arguments: [String]) throws -> Int32 {
        guard arguments.count == 1, let path = arguments.first, !path.hasPrefix("-") else {
            throw HostError.usage("inspect takes exactly one plugin file")
        }
        let registry = Registry()
        let plugin = try PluginLoader(registry: registry, policy: PluginLoading.policy).load(file: path)
        Terminal.line("\(Terminal.heading(plugin.manifest.name)) \(plugin.manifest.version)")
        Terminal.line("  file         \(plugin.path)")
        Terminal.line("  runtime      \(plugin.manifest.fingerprint.runtimeVersion)")
        Terminal.line("  toolchain    \(plugin.manifest.fingerprint.toolchain)")
        Terminal.line()
        RegistryListing.print(registry.snapshot)
        return 0
    }
}

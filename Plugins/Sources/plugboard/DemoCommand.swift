import Plugboard

/// `plugboard demo`: load the bundled plugins, launch them and open the greeting.
enum DemoCommand {
    static let help = """
        USAGE: plugboard demo [--plugins DIR]...

        Loads the bundled example plugins (or the plugins in each DIR), prints what they
        registered, runs their startup tasks and opens the greeting route.

        OPTIONS:
          --plugins DIR   Load the .so files in DIR instead of the bundled plugins.
          -h, --help      Show this help.
        """

    static func run(_ arguments: [String]) async throws -> Int32 {
        let directories = try Options.values(of: "--plugins", in: arguments, allowing: [])
        let paths: [String]
        do {
            paths = directories.isEmpty ? try BundledPlugins.paths() : try PluginLoading.files(in: directories)
        } catch let error as PluginLoadError {
            throw HostError.usage(error.description)
        }
        let registry = Registry.shared
        registry.registerLinkedModules()

        Terminal.line(Terminal.heading("Plugboard demo") + "  (runtime \(RuntimeFingerprint.current.runtimeVersion))")
        Terminal.line("Loading \(paths.count) plugin file(s)")
        let failures = PluginLoading.load(paths, into: registry)
        Terminal.line()
        RegistryListing.print(registry.snapshot)

        Terminal.line()
        Terminal.line(Terminal.heading("Launching"))
        let report = await registry.runStartupTasks()
        LaunchListing.print(report)
        guard report.succeeded else { throw HostError.launchFailed }

        for route in registry.snapshot.routes {
            Terminal.line()
            Terminal.line(Terminal.heading("Opening \(route.pattern)"))
            do {
                ScreenListing.print(try registry.screen(for: route.pattern))
            } catch {
                throw HostError.lookup(error)
            }
        }
        if failures > 0 { throw HostError.pluginsFailed(count: failures) }
        return 0
    }
}

import Plugboard

/// `plugboard demo`: load the bundled plugins, launch them and open every route.
@MainActor
enum DemoCommand {
    nonisolated static let help = """
        USAGE: plugboard demo [--plugins DIR]...

        Loads the bundled example plugins (or the plugins in each DIR), prints what they
        registered, launches them with a progress line per task and opens every route.

        OPTIONS:
          --plugins DIR   Load the .so files in DIR instead of the bundled plugins.
          -h, --help      Show this help.
        """

    /// URLs with parameters that the demo opens, besides every route without parameters.
    static let examples = ["app://greeter/hello/Plugboard%20fan"]

    static func run(_ arguments: [String]) async throws -> Int32 {
        let options = try Options(arguments, valued: ["--plugins"])
        Terminal.line(Terminal.heading("Plugboard demo") + "  (runtime \(RuntimeFingerprint.current.runtimeVersion))")
        let failures = try PluginLoading.load(directories: options.all("--plugins"))
        let registry = Registry.shared
        Terminal.line()
        RegistryListing.print(registry.snapshot)

        Terminal.line()
        Terminal.line(Terminal.heading("Launching"))
        let app = Application(registry: registry)
        let report = try await app.launch(progress: LaunchListing.progress)
        guard report.succeeded else {
            LaunchListing.print(report)
            throw HostError.launchFailed
        }
        let urls = registry.snapshot.routes.map(\.pattern).filter(\.parameterNames.isEmpty).map(\.description)
        for url in urls + examples {
            Terminal.line()
            Terminal.line(Terminal.heading("Opening \(url)"))
            do {
                ScreenListing.print(try await registry.screen(for: url))
            } catch {
                throw HostError.lookup(error)
            }
        }
        Terminal.line()
        Terminal.line(Terminal.heading("Terminating"))
        await app.terminate()
        if failures > 0 { throw HostError.pluginsFailed(count: failures) }
        return 0
    }
}

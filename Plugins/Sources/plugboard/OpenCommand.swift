import Plugboard

/// `plugboard open URL`: launch, resolve one URL through the router and print its screen.
@MainActor
enum OpenCommand {
    nonisolated static let help = """
        USAGE: plugboard open URL [--plugins DIR]... [--with-bundled] [--strict] [--eager]
                              [--task-timeout SECONDS]

        Loads the bundled plugins (or the plugins in each DIR) that are active at launch and
        declares the others, launches them, resolves URL through the router and its
        interceptors (which loads the plugin that serves it, if it is not active), and prints
        the screen. An unknown URL is an
        error that names the nearest registered routes.

        OPTIONS:
          --plugins DIR   Load the .so files in DIR instead of the bundled plugins.
          --with-bundled  Load the bundled plugins as well as those of --plugins.
          --strict        Refuse to launch when a plugin's startup tasks do not form a valid
                          graph, rather than quarantining it and launching the rest.
          --eager         Load every plugin at start, rather than each when it is first needed.
        \(Options.taskTimeoutHelp)
          -h, --help      Show this help.
        """

    static func run(_ arguments: [String]) async throws -> Int32 {
        let options = try Options(launchingPlugins: arguments, switches: ["--strict", "--eager"], operands: 1)
        guard let url = try options.operands.first.map(URLOperand.checked) else {
            throw HostError.usage("open needs a URL")
        }
        let (app, failures, population, _) = try await QuietLaunch.run(
            pluginDirectories: options.pluginDirectories, withBundled: options.withBundled,
            eager: options.has("--eager"),
            strict: options.has("--strict"), taskTimeout: try options.taskTimeout)
        defer { withExtendedLifetime(population) {} }
        do {
            let resolved = try await Registry.shared.resolve(url)
            for redirect in resolved.redirects { Terminal.line("→ redirected to \(redirect)") }
            ScreenListing.print(try resolved.makeScreen())
        } catch {
            throw HostError.lookup(error)
        }
        await app.terminate()
        return failures > 0 ? 1 : 0
    }
}

import Plugboard

/// `plugboard resolve [PLUGINS]`: how a population of plugins would load, read from what each file
/// declares, without loading any of them in this process.
enum ResolveCommand {
    static let help = """
        USAGE: plugboard resolve [DIR]... [--plugins DIR]... [--with-bundled] [--json]

        Reads what each plugin file of each DIR (or each bundled plugin) declares — a sealed
        file's manifest, an unsealed one's by loading it in a child process — resolves the
        population, and prints the order the files would load in, each after the plugins it
        needs, then every file that would not load, with the whole chain to the root cause:
        a missing dependency, a version outside a range, a dependency cycle, a dependency that
        was itself refused, another version chosen. Nothing is loaded in this process. The exit
        status is 1 when a file would not load.

        OPTIONS:
          --plugins DIR   Resolve the .so files in DIR, as a DIR given alone does.
          --with-bundled  Resolve the bundled plugins as well as those of each DIR.
          --json          Print the order and the refusals as JSON, for scripts.
          -h, --help      Show this help.
        """

    private struct Report: Encodable {
        struct File: Encodable {
            let path: String
            let name: String
            let version: String
        }
        struct Refused: Encodable {
            let path: String
            let name: String?
            let version: String?
            let reason: String
        }
        let order: [File]
        let refused: [Refused]
    }

    static func run(_ arguments: [String]) throws -> Int32 {
        let options = try Options(loadingPlugins: arguments, switches: ["--json"], operands: .max)
        let paths = try PluginLoading.paths(
            directories: options.operands + options.pluginDirectories, withBundled: options.withBundled)
        let loader = PluginLoader(policy: PluginLoading.policy)
        let (candidates, _, unreadable) = PopulationReading.candidates(of: paths, loader: loader)
        var refused = unreadable.map { Report.Refused(path: $0.path, name: nil, version: nil, reason: $0.message) }
        let resolution = PluginResolver.resolve(candidates)
        refused += resolution.refusals.map {
            Report.Refused(
                path: $0.candidate.path, name: $0.candidate.name, version: $0.candidate.version, reason: $0.description)
        }
        let order = resolution.order.map { Report.File(path: $0.path, name: $0.name, version: $0.version) }
        if options.has("--json") {
            try printJSON(Report(order: order, refused: refused))
        } else {
            Terminal.heading("Load order")
            for (position, file) in order.enumerated() {
                Terminal.line("  \(position + 1). \(file.name) \(file.version)  \(PluginLoader.shown(path: file.path))")
            }
            if order.isEmpty { Terminal.line("  (none)") }
            Terminal.heading("Not loaded")
            for file in refused {
                Terminal.line(.failed, PluginLoader.shown(path: file.path))
                Terminal.line("    \(file.reason)")
            }
            if refused.isEmpty { Terminal.line("  (none)") }
        }
        return refused.isEmpty ? 0 : 1
    }
}

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

    /// What `--json` prints: the files in load order, and every other file with why; a file
    /// whose declarations could not be read is `unreadable`, with the reason.
    private struct Report: Encodable {
        struct File: Encodable {
            let file: String
            let plugin: String
            let version: String
        }
        struct Unreadable: Encodable {
            let file: String
            let reason: String
        }
        let schemaVersion = jsonSchemaVersion
        let order: [File]
        let refused: [RefusalJSON]
        let unreadable: [Unreadable]
    }

    static func run(_ arguments: [String]) throws -> Int32 {
        let options = try Options(loadingPlugins: arguments, switches: ["--json"], operands: .max)
        let paths = try PluginLoading.paths(
            directories: options.operands + options.pluginDirectories, withBundled: options.withBundled)
        let loader = PluginLoader(policy: PluginLoading.policy)
        let (candidates, _, unreadable) = PopulationReading.candidates(of: paths, loader: loader)
        let resolution = PluginResolver.resolve(candidates)
        let order = resolution.order.map { Report.File(file: $0.path, plugin: $0.name, version: $0.version) }
        let refused = resolution.refusals.map(RefusalJSON.init)
        if options.has("--json") {
            try printJSON(
                Report(
                    order: order, refused: refused,
                    unreadable: unreadable.map { Report.Unreadable(file: $0.path, reason: $0.message) }))
        } else {
            Terminal.heading("Load order")
            for (position, file) in order.enumerated() {
                Terminal.line(
                    "  \(position + 1). \(file.plugin) \(file.version)  \(PluginLoader.shown(path: file.file))")
            }
            if order.isEmpty { Terminal.line("  (none)") }
            Terminal.heading("Not loaded")
            for (path, message) in unreadable {
                Terminal.line(.failed, PluginLoader.shown(path: path))
                Terminal.line("    \(message)")
            }
            for refusal in resolution.refusals {
                Terminal.line(.failed, PluginLoader.shown(path: refusal.candidate.path))
                Terminal.line("    \(refusal.description)")
            }
            if refused.isEmpty && unreadable.isEmpty { Terminal.line("  (none)") }
        }
        return refused.isEmpty && unreadable.isEmpty ? 0 : 1
    }
}

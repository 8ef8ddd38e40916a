import Plugboard

/// `plugboard graph`: print the startup task graph as text or Graphviz DOT.
enum GraphCommand {
    static let help = """
        USAGE: plugboard graph [--plugins DIR]... [--with-bundled] [--format text|dot]

        Loads the bundled plugins (or the plugins in each DIR) and prints the startup task
        graph with each task's phase, owner and dependencies, after validating it. With
        --format dot the output is Graphviz DOT: dot -Tsvg graph.dot > graph.svg

        OPTIONS:
          --plugins DIR       Load the .so files in DIR instead of the bundled plugins.
          --with-bundled      Load the bundled plugins as well as those of --plugins.
          --format text|dot   The output format (default: text).
          -h, --help          Show this help.
        """

    static func run(_ arguments: [String]) throws -> Int32 {
        let options = try Options(loadingPlugins: arguments, valued: ["--format"])
        let format = try options.single("--format") ?? "text"
        guard format == "text" || format == "dot" else {
            throw HostError.usage("unknown format '\(format)'; use text or dot")
        }
        let graph: StartupGraph
        if format == "dot" {
            // Keep standard output pure DOT: loading lines go to stderr.
            graph = try Terminal.toStandardError { try load(options) }
            Terminal.output(graph.dot())
        } else {
            graph = try load(options)
            Terminal.line()
            Terminal.heading("Startup tasks")
            for task in graph.tasks {
                let after = task.dependencies.isEmpty ? "" : "  after \(task.dependencies.joined(separator: ", "))"
                let kind = [task.isRequired ? nil : "optional", task.isMainActor ? "main actor" : nil].compactMap { $0 }
                let notes = kind.isEmpty ? "" : "  (\(kind.joined(separator: ", ")))"
                Terminal.line("  \(task.name)  \(task.phase)\(after)\(notes)  [\(task.owner)]")
            }
        }
        return 0
    }

    private static func load(_ options: Options) throws -> StartupGraph {
        let failures = try PluginLoading.load(
            directories: options.pluginDirectories, withBundled: options.withBundled)
        if failures > 0 { throw HostError.pluginsFailed(count: failures) }
        do throws(LaunchError) {
            return try StartupGraph(tasks: Registry.shared.snapshot.tasks)
        } catch {
            // The graph is only shown, never run: say what is wrong with it, not that nothing ran.
            guard case .invalidGraph(let problems) = error else { throw HostError.failed(error.description) }
            throw HostError.failed(
                "the startup task graph is invalid:\n" + problems.map { "  - \($0)" }.joined(separator: "\n"))
        }
    }
}

import Plugboard

/// `plugboard graph`: print the startup task graph as text or Graphviz DOT.
enum GraphCommand {
    static let help = """
        USAGE: plugboard graph [--plugins DIR]... [--with-bundled] [--format text|dot] [--isolate NAMES]

        Loads the bundled plugins (or the plugins in each DIR) and prints the startup task
        graph with each task's phase, owner and dependencies, after validating it. With
        --format dot the output is Graphviz DOT: dot -Tsvg graph.dot > graph.svg

        OPTIONS:
          --plugins DIR       Load the .so files in DIR instead of the bundled plugins.
          --with-bundled      Load the bundled plugins as well as those of --plugins.
          --format text|dot   The output format (default: text).
          --isolate NAMES     Leave the plugins NAMES names (all, none, or plugin names separated
                              by commas) out of this process: each group
                              that would run in a process of its own gets a graph of its own,
                              read from its plugins' manifests, as that process would launch it.
                              No code of theirs runs (repeatable; default none).
          -h, --help          Show this help.
        """

    /// One process's graph: its title and the graph it launches.
    private typealias ProcessGraph = (title: String, graph: StartupGraph)

    static func run(_ arguments: [String]) throws -> Int32 {
        let options = try Options(loadingPlugins: arguments, valued: ["--format", "--isolate"])
        let format = try options.single("--format") ?? "text"
        guard format == "text" || format == "dot" else {
            throw HostError.usage("unknown format '\(format)'; use text or dot")
        }
        let isolation = try options.isolation.policy
        if format == "dot" {
            // Keep standard output pure DOT: loading lines go to stderr.
            let graphs = try Terminal.toStandardError { try load(options, isolation: isolation) }
            Terminal.output(graphs.count == 1 ? graphs[0].graph.dot() : StartupGraph.dot(graphs))
        } else {
            let graphs = try load(options, isolation: isolation)
            for (title, graph) in graphs {
                Terminal.line()
                Terminal.heading(graphs.count == 1 ? "Startup tasks" : "Startup tasks in \(title)")
                if graph.tasks.isEmpty { Terminal.line("  none") }
                for task in graph.tasks {
                    let after = task.dependencies.isEmpty ? "" : "  after \(task.dependencies.joined(separator: ", "))"
                    let kind = [task.isRequired ? nil : "optional", task.isMainActor ? "main actor" : nil]
                        .compactMap { $0 }
                    let notes = kind.isEmpty ? "" : "  (\(kind.joined(separator: ", ")))"
                    Terminal.line("  \(task.name)  \(task.phase)\(after)\(notes)  [\(task.owner)]")
                }
            }
        }
        return 0
    }

    /// The graph of this process's plugins, then, for each group that `isolation` places in a
    /// process of its own, the graph of that group's tasks as their manifests declare them.
    private static func load(_ options: Options, isolation: IsolationPolicy) throws -> [ProcessGraph] {
        let read = try PluginLoading.read(
            directories: options.pluginDirectories, withBundled: options.withBundled, isolation: isolation,
            into: .shared)
        let failures = read.failures + PluginLoading.installInHost(read, eager: true).failures
        if failures > 0 { throw HostError.pluginsFailed(count: failures) }
        var processes: [(title: String, tasks: [StartupTask])] = [
            ("the host's process", Registry.shared.snapshot.tasks)
        ]
        // A group not needed at launch runs its tasks when its process starts, on first use.
        let later = Set(PluginLoading.isolatedGroups(of: read, eager: false).later.compactMap(\.first?.path))
        for group in read.plan.groups {
            let titles = group.map(\.title).joined(separator: " + ")
            let tasks = group.flatMap { read.manifests[$0.path]?.declaredTasks(image: $0.path) ?? [] }
            let source = group.count == 1 ? "its manifest" : "their manifests"
            let when = later.contains(group.first?.path ?? "") ? "; it starts when first needed" : ""
            processes.append(("the process of \(titles) (from \(source)\(when))", tasks))
            let note =
                group.count == 1
                ? "isolated: not loaded here; its graph is read from its manifest"
                : "isolated together: not loaded here; their graph is read from their manifests"
            Terminal.line(.skipped, "\(titles)  (\(note))")
        }
        var graphs: [ProcessGraph] = []
        var problems: [String] = []
        for (title, tasks) in processes {
            do throws(LaunchError) {
                graphs.append((title, try StartupGraph(tasks: tasks)))
            } catch {
                // The graph is only shown, never run: say what is wrong with it, not that nothing ran.
                guard case .invalidGraph(let found) = error else { throw HostError.failed(error.description) }
                let whose = processes.count == 1 ? "" : " of \(title)"
                problems.append(
                    "the startup task graph\(whose) is invalid:\n" + found.map { "  - \($0)" }.joined(separator: "\n"))
            }
        }
        if !problems.isEmpty { throw HostError.failed(problems.joined(separator: "\n")) }
        return graphs
    }
}

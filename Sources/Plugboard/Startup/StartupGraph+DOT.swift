extension StartupGraph {
    /// The graph in Graphviz DOT: one cluster per phase, each task labelled with its owner, an
    /// edge from each dependency to its dependent; optional tasks dashed, main-actor tasks bold.
    ///
    /// ```swift
    /// try graph.dot().write(toFile: "startup.dot", atomically: true, encoding: .utf8)
    /// // dot -Tsvg startup.dot > startup.svg
    /// ```
    /// - Returns: The DOT source.
    public func dot() -> String {
        Self.document(nodes(prefix: "", indent: "  ") + edges(prefix: ""))
    }

    /// The graphs of several processes in one Graphviz DOT document: a cluster for each, with its
    /// title, holding its graph as ``dot()`` draws it. Each process launches its own graph, so no
    /// edge joins two of them, and a task's name may recur in another.
    ///
    /// ```swift
    /// let dot = StartupGraph.dot([("the host's process", host), ("Circles's process", circles)])
    /// ```
    /// - Parameter processes: Each process's title and graph, in the order they are drawn.
    /// - Returns: The DOT source.
    public static func dot(_ processes: [(title: String, graph: StartupGraph)]) -> String {
        var lines: [String] = []
        var edges: [String] = []
        for (index, process) in processes.enumerated() {
            lines.append("  subgraph \"cluster_process_\(index)\" {")
            lines.append("    label=\(quoted(process.title));")
            lines += process.graph.nodes(prefix: "\(index):", indent: "    ")
            lines.append("  }")
            edges += process.graph.edges(prefix: "\(index):")
        }
        return document(lines + edges)
    }

    /// A DOT document of `lines`.
    private static func document(_ lines: [String]) -> String {
        (["digraph startup {", "  rankdir=LR;", "  node [shape=box, fontname=\"Helvetica\"];"] + lines + ["}"])
            .joined(separator: "\n") + "\n"
    }

    /// A cluster per phase with its tasks, at `indent`, each node's identifier its task's name
    /// after `prefix`.
    private func nodes(prefix: String, indent: String) -> [String] {
        var lines: [String] = []
        for phase in StartupPhase.allCases {
            let members = tasks.indices.filter { tasks[$0].phase == phase }
            guard !members.isEmpty else { continue }
            lines.append("\(indent)subgraph \"cluster_\(prefix)\(phase)\" {")
            lines.append("\(indent)  label=\(Self.quoted("phase: \(phase)"));")
            for index in members {
                let task = tasks[index]
                var attributes = ["label=\(Self.quoted("\(task.name)\n\(task.owner)"))"]
                if !task.isRequired { attributes.append("style=dashed") }
                if task.isMainActor { attributes.append("penwidth=2") }
                lines.append("\(indent)  \(Self.quoted(prefix + task.name)) [\(attributes.joined(separator: ", "))];")
            }
            lines.append("\(indent)}")
        }
        return lines
    }

    /// An edge from each dependency to its dependent, the nodes named as ``nodes(prefix:indent:)``
    /// names them.
    private func edges(prefix: String) -> [String] {
        var lines: [String] = []
        for (index, task) in tasks.enumerated() {
            for dependency in dependencies[index] {
                lines.append("  \(Self.quoted(prefix + tasks[dependency].name)) -> \(Self.quoted(prefix + task.name));")
            }
        }
        return lines
    }

    private static func quoted(_ text: String) -> String {
        var escaped = ""
        for character in text {
            switch character {
            case "\"": escaped += "\\\""
            case "\\": escaped += "\\\\"
            case "\n": escaped += "\\n"
            default: escaped.append(character)
            }
        }
        return "\"\(escaped)\""
    }
}

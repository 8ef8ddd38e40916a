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
        var lines = ["digraph startup {", "  rankdir=LR;", "  node [shape=box, fontname=\"Helvetica\"];"]
        for phase in StartupPhase.allCases {
            let members = tasks.indices.filter { tasks[$0].phase == phase }
            guard !members.isEmpty else { continue }
            lines.append("  subgraph \"cluster_\(phase)\" {")
            lines.append("    label=\(Self.quoted("phase: \(phase)"));")
            for index in members {
                let task = tasks[index]
                var attributes = ["label=\(Self.quoted("\(task.name)\n\(task.owner)"))"]
                if !task.isRequired { attributes.append("style=dashed") }
                if task.isMainActor { attributes.append("penwidth=2") }
                lines.append("    \(Self.quoted(task.name)) [\(attributes.joined(separator: ", "))];")
            }
            lines.append("  }")
        }
        for (index, task) in tasks.enumerated() {
            for dependency in dependencies[index] {
                lines.append("  \(Self.quoted(tasks[dependency].name)) -> \(Self.quoted(task.name));")
            }
        }
        lines.append("}")
        return lines.joined(separator: "\n") + "\n"
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

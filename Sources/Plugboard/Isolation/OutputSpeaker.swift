internal import CPlugboard

/// Which plugin of a plugin process prints what the process prints: a process that serves a group
/// notes in its output, before what follows, the plugin whose request it serves (``ProcessOutput``
/// reads the notes), so that the host names that plugin rather than the group. While no request
/// runs, or requests of more than one plugin do (each waiting in turn on the main actor), what it
/// prints is the group's. A process of one plugin notes nothing.
@MainActor
final class OutputSpeaker {
    /// What begins a note of the plugin that prints what follows (its name, or nothing for the
    /// process's plugins together) in a plugin process's output.
    nonisolated static let mark = PB_SPEAKER_NOTE

    /// Each module's plugin, when the process serves more than one plugin.
    private let plugins: [String: String]
    /// How many requests of each plugin run.
    private var active: [String: Int] = [:]
    /// The plugin last noted; empty for the group.
    private var said = ""

    /// A speaker for a process that serves the plugins `modules` came from.
    init(modules: [RegisteredModule]) {
        let owners = modules.compactMap { module in module.plugin.map { (module.name, $0) } }
        plugins = Set(owners.map(\.1)).count > 1 ? Dictionary(owners, uniquingKeysWith: { first, _ in first }) : [:]
    }

    /// Runs `body`, a request served for the plugin of `module`, with what it prints noted as that
    /// plugin's.
    func speaking<Result>(for module: String, _ body: () async -> Result) async -> Result {
        guard let plugin = plugins[module] else { return await body() }
        active[plugin, default: 0] += 1
        note()
        defer {
            active[plugin]! -= 1
            if active[plugin] == 0 { active[plugin] = nil }
            note()
        }
        return await body()
    }

    /// Notes the plugin that speaks now, when it changed.
    private func note() {
        let speaking = active.count == 1 ? active.keys.first! : ""
        guard speaking != said else { return }
        said = speaking
        pb_say_speaker(speaking)
    }
}

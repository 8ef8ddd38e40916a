internal import CPlugboard
internal import PlugboardReactive

/// Which plugin of a plugin process prints what the process prints: a process that serves a group
/// notes in its output, before what follows, the plugin whose code it runs for the host — a
/// request (an open, an action, an event, an interceptor's decision) or a startup task — so that
/// the host names that plugin rather than the group (``ProcessOutput`` reads the notes). While
/// none runs, or the code of more than one plugin does, what it prints is the group's. A process
/// of one plugin notes nothing.
final class OutputSpeaker: Sendable {
    /// What begins a note of the plugin that prints what follows (its name, or nothing for the
    /// process's plugins together) in a plugin process's output.
    static let mark = PB_SPEAKER_NOTE

    /// Each module's plugin, when the process serves more than one plugin.
    private let plugins: [String: String]
    /// How many requests and tasks of each plugin run, and the plugin last noted (empty for the
    /// group).
    private let state = PosixMutex<(active: [String: Int], said: String)>(([:], ""))

    /// A speaker for a process that serves the plugins `modules` came from.
    init(modules: [RegisteredModule]) {
        let owners = modules.compactMap { module in module.plugin.map { (module.name, $0) } }
        plugins = Set(owners.map(\.1)).count > 1 ? Dictionary(owners, uniquingKeysWith: { first, _ in first }) : [:]
    }

    /// Runs `body`, a request served for the plugin of `module`, with what it prints noted as that
    /// plugin's.
    nonisolated(nonsending) func speaking<Result, Failure: Error>(
        for module: String, _ body: () async throws(Failure) -> Result
    ) async throws(Failure) -> Result {
        running(module, began: true)
        defer { running(module, began: false) }
        return try await body()
    }

    /// Counts the code of the plugin of `module` that `began` to run, or ended, and notes the
    /// plugin that speaks when that changed.
    func running(_ module: String, began: Bool) {
        guard let plugin = plugins[module] else { return }
        state.withLock { state in
            state.active[plugin, default: 0] += began ? 1 : -1
            if state.active[plugin] == 0 { state.active[plugin] = nil }
            let speaking = state.active.count == 1 ? state.active.keys.first! : ""
            guard speaking != state.said else { return }
            state.said = speaking
            pb_say_speaker(speaking)
        }
    }
}

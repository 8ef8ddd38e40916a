import FoundationEssentials
import Glibc
import Plugboard
import Synchronization

/// The plugins the host runs in processes of their own (`--isolate NAME`): each started through
/// `plugboard plugin-process FILE`, its routes registered as proxies; a stop is reported with the
/// Swift runtime's message, and its whole report kept in a crash log.
enum Isolation {
    /// The hidden command a plugin process runs.
    static let command = "plugin-process"

    /// The isolated plugins of this host, in the order they started.
    static let started = Mutex<[IsolatedPlugin]>([])

    /// The help of `--isolate`, as every command that launches lists it.
    static let help = """
          --isolate NAME  Run the plugin NAME in a process of its own, so that a trap in it ends
                          that process, not the host: its screens then say why it stopped, and
                          opening one again restarts it (repeatable; a plugin with dependencies
                          runs in the host's process).
        """

    /// Serves the plugin file `arguments[0]` over descriptor 3, as a plugin process.
    @MainActor
    static func serve(_ arguments: [String]) async -> Int32 {
        guard arguments.count == 1 else { return 2 }
        return await PluginProcess.serve(file: arguments[0], policy: PluginLoading.policy)
    }

    /// Starts the plugins of `candidates` named in `names` in processes of their own and registers
    /// their routes in `registry`, printing a line for each; returns how many failed, and the
    /// candidates left to load in the host's process. The routes of one that cannot start
    /// answer with why, from its manifest in `manifests`.
    static func start(
        _ names: Set<String>, of candidates: [PluginCandidate], manifests: [String: SealedManifest],
        into registry: Registry
    ) -> (failures: Int, rest: [PluginCandidate]) {
        guard !names.isEmpty else { return (0, candidates) }
        var failures = 0
        let needed = Set(candidates.flatMap { $0.dependencies.map(\.name) })
        for name in names.sorted() where !candidates.contains(where: { $0.name == name }) {
            failures += 1
            Terminal.error("error: --isolate names '\(name)', which no plugin file here provides")
        }
        var rest: [PluginCandidate] = []
        for candidate in candidates {
            guard names.contains(candidate.name) else {
                rest.append(candidate)
                continue
            }
            guard candidate.dependencies.isEmpty, !needed.contains(candidate.name) else {
                Terminal.error(
                    "warning: \(candidate.title) runs in the host's process: a plugin that needs other plugins, or "
                        + "that others need, cannot run isolated yet")
                rest.append(candidate)
                continue
            }
            do {
                let plugin = try IsolatedPlugin.start(
                    file: candidate.path, command: [BundledPlugins.executable, command], onStop: report)
                try plugin.register(into: registry)
                started.withLock { $0.append(plugin) }
                Terminal.line(
                    .ok,
                    "\(plugin.name) \(plugin.version)  (isolated, process \(plugin.processID.map(String.init) ?? "-"))")
            } catch {
                // A plugin that traps or fails as it starts takes down only its process; its routes
                // answer with why.
                failures += 1
                Terminal.line(.failed, PluginLoader.shown(path: candidate.path))
                Terminal.error("error: \(candidate.title) could not run isolated: \(error)")
                if let manifest = manifests[candidate.path] {
                    registry.declareRefused(
                        manifest, image: candidate.path, reason: "it could not run isolated: \(error)")
                }
            }
        }
        return (failures, rest)
    }

    /// Says that a plugin process stopped, and keeps its whole report in a crash log.
    @Sendable static func report(_ error: IsolationError) {
        var line = "error: \(error)"
        if case .stopped(let plugin, _, _, let report) = error, let log = crashLog(for: plugin, report: report) {
            line += "\n  its report: \(log)"
        }
        Terminal.error(line)
    }

    /// Writes `report` into a new file of the crash log directory
    /// (`$XDG_STATE_HOME/plugboard/crashes`, by default `~/.local/state/plugboard/crashes`);
    /// returns its path, or `nil` when it could not be written.
    private static func crashLog(for plugin: String, report: String) -> String? {
        let environment = ProcessInfo.processInfo.environment
        let state =
            environment["XDG_STATE_HOME"].flatMap { $0.hasPrefix("/") ? $0 : nil }
            ?? environment["HOME"].map { $0 + "/.local/state" }
        guard let state else { return nil }
        let directory = state + "/plugboard/crashes"
        let file = "\(directory)/\(plugin)-\(Int(Date().timeIntervalSince1970 * 1000))-\(getpid()).log"
        do {
            try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
            try Data(report.utf8).write(to: URL(fileURLWithPath: file))
            return file
        } catch {
            return nil
        }
    }
}

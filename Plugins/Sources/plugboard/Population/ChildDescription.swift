import FoundationEssentials
import Glibc
import Plugboard

/// A plugin's manifest and declarations, found by loading the plugin in a child process — never
/// in the host's own — for `plugboard inspect` of an unsealed plugin and for `plugboard seal`.
enum ChildDescription {
    /// The hidden command the child runs: load one file and print its sealed manifest as JSON.
    static let command = "describe-one"

    /// How long, in seconds, a child may take to load a file when the command gives no timeout.
    static let defaultTimeout = 30.0

    /// What the child prints, as JSON, when the loader refuses the file.
    private struct Refusal: Codable {
        let refused: String
    }

    /// Loads `path` in a child process, after the plugin libraries it links (found beside it, or
    /// among the `installed` plugin files), and returns what it declares, with the JSON the child
    /// printed (sorted keys, one line). A child still loading after `timeout` seconds is killed.
    /// - Throws: `HostError.failed` with the loader's refusal, or saying that the child crashed
    ///   or hung; each message names the file.
    static func describe(
        _ path: String, installed: [String] = BundledPlugins.present, timeout: Double = defaultTimeout
    ) throws -> (manifest: SealedManifest, json: String) {
        let shownPath = PluginLoader.shown(path: path)
        let linked = PluginLoader.linkedFiles(of: path, installed: installed)
        switch ChildProcess.run(BundledPlugins.executable, [command, path] + linked, timeout: timeout) {
        case .exited(let status, let output):
            let report = ChildProcess.report(in: output)
            if status == 0, let manifest = try? JSONDecoder().decode(SealedManifest.self, from: report) {
                return (manifest, String(decoding: report, as: UTF8.self))
            }
            if let refusal = try? JSONDecoder().decode(Refusal.self, from: report) {
                throw HostError.failed(refusal.refused)
            }
            throw HostError.failed("\(shownPath): loading it in a child process failed (exit status \(status))")
        case .crashed(let signal, let failure, _):
            let crash = ChildProcess.describeCrash(
                signal: signal, failure: failure, doing: "while loading in a child process")
            throw HostError.failed("\(shownPath): \(crash); run plugboard verify on its directory")
        case .timedOut:
            throw HostError.failed(
                "\(shownPath): did not finish loading in a child process within \(SecondsText.make(timeout)) s (killed)"
            )
        case .failedToStart(let reason):
            throw HostError.failed("\(shownPath): could not start a child process: \(reason)")
        }
    }

    /// The child's side: load one file (the first argument) into a registry of its own, after the
    /// plugin libraries it links (the others), and print, as JSON on the last line, its sealed
    /// manifest or why it was refused. The child is confined first, as an isolated plugin that
    /// declares nothing is: the code of a plugin it reads runs, and may be anyone's.
    static func runChild(_ arguments: [String]) -> Int32 {
        guard let file = arguments.first else { return 2 }
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        let registry = Registry()
        let (json, status): (Data?, Int32)
        do {
            try ProcessConfinement(granted: [], plugins: []).confineThisProcess(reading: arguments)
            // The plugins whose libraries it links load first: they are what it binds to.
            let loader = PluginLoader(registry: registry, policy: PluginLoading.policy)
            let results = loader.load(files: arguments.dropFirst() + [file])
            let plugin = try results[results.count - 1].get()
            (json, status) = (try? encoder.encode(SealedManifest(plugin: plugin, snapshot: registry.snapshot)), 0)
        } catch let error as PluginLoadError {
            (json, status) = (try? encoder.encode(Refusal(refused: PluginLoading.message(for: error))), 1)
        } catch {
            (json, status) = (try? encoder.encode(Refusal(refused: "\(PluginLoader.shown(path: file)): \(error)")), 1)
        }
        guard let json else { return 2 }
        ChildProcess.send(report: json)
        return status
    }
}

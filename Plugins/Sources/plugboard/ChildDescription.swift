import Foundation
import Plugboard

/// A plugin's manifest and declarations, found by loading the plugin in a child process — never
/// in the host's own — for `plugboard inspect` of an unsealed plugin and for `plugboard seal`.
enum ChildDescription {
    /// The hidden command the child runs: load one file and print its sealed manifest as JSON.
    static let command = "describe-one"
    /// What the child prints before the reason when the loader refuses the file.
    static let refusalPrefix = "refused: "

    /// Loads `path` in a child process and returns what it declares, with the JSON the child
    /// printed (sorted keys, one line).
    /// - Throws: `HostError.failed` with the loader's refusal, or saying that the child crashed
    ///   or hung; each message names the file.
    static func describe(_ path: String) throws -> (manifest: SealedManifest, json: String) {
        switch ChildProcess.run(BundledPlugins.executable, [command, path], timeout: 30) {
        case .exited(let status, let output):
            let last = output.split(separator: "\n").last.map(String.init) ?? ""
            if status == 0, let manifest = try? JSONDecoder().decode(SealedManifest.self, from: Data(last.utf8)) {
                return (manifest, last)
            }
            if let refusal = ChildProcess.report(startingWith: refusalPrefix, in: output) {
                throw HostError.failed(refusal)
            }
            throw HostError.failed("\(path): loading it in a child process failed (exit status \(status))")
        case .crashed(let signal):
            throw HostError.failed(
                "\(path): crashed with \(ChildProcess.describe(signal: signal)) while loading in a "
                    + "child process; run plugboard verify on its directory")
        case .timedOut:
            throw HostError.failed("\(path): did not finish loading in a child process within 30 s (killed)")
        case .failedToStart(let reason):
            throw HostError.failed("\(path): could not start a child process: \(reason)")
        }
    }

    /// The child's side: load one file into a registry of its own and print its sealed manifest
    /// as JSON, or `refused: ` and the reason.
    static func runChild(_ arguments: [String]) -> Int32 {
        guard let file = arguments.first else { return 2 }
        let registry = Registry()
        do {
            let plugin = try PluginLoader(registry: registry, policy: PluginLoading.policy).load(file: file)
            let encoder = JSONEncoder()
            encoder.outputFormatting = [.sortedKeys]
            let json = try encoder.encode(SealedManifest(plugin: plugin, snapshot: registry.snapshot))
            // On a line of its own, even after a plugin's output without a final newline.
            print("\n" + String(decoding: json, as: UTF8.self))
            return 0
        } catch {
            print("\n" + refusalPrefix + "\(error)")
            return 1
        }
    }
}

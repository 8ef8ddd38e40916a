import Foundation
import Plugboard

/// `plugboard verify DIR`: load each plugin in a child process, so a plugin that crashes or hangs
/// while loading is reported while the verifier goes on with the rest.
enum VerifyCommand {
    static let help = """
        USAGE: plugboard verify DIR [--timeout SECONDS]

        Loads each .so file in DIR in a child process of its own and reports, per file, whether
        it loaded (with its plugin and modules), refused to load (with the reason), crashed
        (with the signal) or hung (past the timeout, default 10 seconds). Exits non-zero when a
        file does not load.

        OPTIONS:
          --timeout SECONDS   How long one plugin may take to load.
          -h, --help          Show this help.
        """

    /// The hidden command a child runs: load one file into a private registry and report.
    static let childCommand = "verify-one"
    /// What the child prints before describing a plugin that loaded.
    private static let loadsPrefix = "loads: "

    static func run(_ arguments: [String]) throws -> Int32 {
        guard let directory = arguments.first, !directory.hasPrefix("-") else {
            throw HostError.usage("verify takes a directory")
        }
        let options = try Options(Array(arguments.dropFirst()), valued: ["--timeout"])
        let timeout =
            try options.single("--timeout").map { text in
                guard let seconds = Double(text), seconds > 0 else {
                    throw HostError.usage("--timeout takes a number of seconds")
                }
                return seconds
            } ?? 10
        let files: [String]
        do {
            files = try PluginLoader.pluginFiles(in: directory)
        } catch {
            throw HostError.usage(error.description)
        }
        guard !files.isEmpty else { throw HostError.failed(PluginLoading.noPluginFiles(in: directory)) }
        var failures = 0
        for file in files {
            let (ok, message) = verify(file, timeout: timeout)
            if !ok { failures += 1 }
            Terminal.line("  \(ok ? Terminal.ok : Terminal.failed) \((file as NSString).lastPathComponent): \(message)")
        }
        Terminal.line("\(files.count - failures) of \(files.count) plugin file(s) load")
        return failures == 0 ? 0 : 1
    }

    /// Runs the child for `file` and describes how it ended.
    private static func verify(_ file: String, timeout: Double) -> (Bool, String) {
        switch ChildProcess.run(BundledPlugins.executable, [childCommand, file], timeout: timeout) {
        case .failedToStart(let reason):
            return (false, "could not start a child process: \(reason)")
        case .timedOut:
            return (false, "hung: did not finish loading within \(timeout.formatted()) s (killed)")
        case .crashed(let signal):
            return (false, "crashed with \(ChildProcess.describe(signal: signal)) while loading")
        case .exited(let status, let output):
            let (prefix, ok) = status == 0 ? (loadsPrefix, true) : (ChildDescription.refusalPrefix, false)
            guard let report = ChildProcess.report(startingWith: prefix, in: output) else {
                return (false, "the child process ended with status \(status) without a report")
            }
            // A reason of several lines is indented under its file.
            return (ok, prefix + report.replacingOccurrences(of: "\n", with: "\n    "))
        }
    }

    /// The child's side: load one file and print one line.
    static func runChild(_ arguments: [String]) -> Int32 {
        guard let file = arguments.first else { return 2 }
        do {
            let plugin = try PluginLoader(registry: Registry(), policy: PluginLoading.policy).load(file: file)
            print(loadsPrefix + "\(plugin.manifest.name) \(plugin.manifest.version), \(plugin.modules.count) module(s)")
            return 0
        } catch {
            print(ChildDescription.refusalPrefix + "\(error)")
            return 1
        }
    }
}

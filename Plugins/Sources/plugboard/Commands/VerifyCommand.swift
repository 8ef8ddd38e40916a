import FoundationEssentials
import Glibc
import Plugboard

/// `plugboard verify [PLUGINS]`: load each plugin in a child process, so a plugin that crashes or
/// hangs while loading is reported while the verifier goes on with the rest; check the population
/// as the host resolves it; then load the plugins that load alone together, as a host would, so
/// that they are checked against each other too, and open their screens.
enum VerifyCommand {
    static let help = """
        USAGE: plugboard verify [DIR]... [--plugins DIR]... [--with-bundled] [--timeout SECONDS]
                               [--actions] [--json]

        Loads each .so file in each DIR (or each bundled plugin) in a child process of its own
        (after the plugin libraries beside it that it links, as its dependencies load first in
        a host) and reports, per file, whether it loaded (with its plugin and modules), refused
        to load (with the reason), crashed (with the signal, and the message of a fatalError or
        failed precondition) or hung (past the timeout, default 10 seconds). A file that loads
        alone but that the host would not load (a dependency missing or of another version, with
        the root cause, as resolve says) is refused too. Then loads the files that loaded alone
        together in one more child process and reports each that the others refuse (a duplicate
        plugin, a route or task another plugin owns). Last, launches those that load together,
        in a child, and opens, loads and renders the screen of every route that takes no
        parameters, and of every other at the example URL it declares (route(_:example:)),
        reporting each that crashes or hangs (past the timeout) with its route. With --actions,
        takes each enabled action of each of those screens once, each in a child of its own
        (an action that takes text is given "plugboard"), and renders the screen it leads to,
        reporting each that crashes or hangs with its route and action.
        Exits non-zero when a file does not load or a screen or action crashes or hangs.

        OPTIONS:
          --plugins DIR       Verify the .so files in DIR, as a DIR given alone does.
          --with-bundled      Verify the bundled plugins as well as those of each DIR.
          --timeout SECONDS   How long one plugin may take to load (and a screen to open,
                              an action to be taken).
          --actions           Take every action of the screens opened too.
          --json              Print, once all are checked, one object per file, for scripts:
                              its path, plugin, version and modules, whether it loads (alone,
                              resolved, with the others, its screens opened, its actions
                              taken), and the message.
          -h, --help          Show this help.
        """

    /// The hidden command a child runs: load the files given together into a private registry
    /// and report on each.
    static let childCommand = "verify-files"

    /// What a child reports on one file.
    private struct Report: Codable {
        let file: String
        let loaded: Bool
        /// `Greeter 1.0.0, 1 module`, or why the file was refused.
        let text: String
        /// Its plugin, version and modules, when it loaded.
        var plugin: String?
        var version: String?
        var modules: [String] = []
    }

    static func run(_ arguments: [String]) throws -> Int32 {
        let options = try Options(
            loadingPlugins: arguments, valued: ["--timeout"], switches: ["--json", "--actions"], operands: .max)
        let timeout = try options.seconds("--timeout") ?? 10
        let directories = options.operands + options.pluginDirectories
        let files = try PluginLoading.paths(directories: directories, withBundled: options.withBundled)
        // Each directory without plugin files was named in a warning.
        guard !files.isEmpty else { throw HostError.failed("no plugin files to verify") }
        let json = options.has("--json")
        // What the host would refuse, as resolve says it: a plugin that loads alone may still need
        // one that is missing.
        // A plugin built twice alike is one plugin: its later copies load alone, not with the others.
        let (candidates, repeated) = PluginLoader.withoutRepeatedBuilds(
            PopulationReading.candidates(
                of: files, loader: PluginLoader(policy: PluginLoading.policy), timeout: timeout
            ).candidates)
        let resolution = PluginResolver.resolve(candidates)
        let refusals = Dictionary(resolution.refusals.map { ($0.candidate.path, $0) }) { first, _ in first }
        let copies = Dictionary(repeated.map { ($0.copy.path, $0.first.path) }) { first, _ in first }
        var verdicts: [Verdict] = []
        for file in files {
            let outcome = verify(linkedFirst([file]), timeout: timeout)
            var (loads, message) = describe(outcome, of: file, alone: true)
            if loads, let refusal = refusals[file] {
                (loads, message) = (false, "refused: " + indented(refusal.explanation))
            } else if loads, let first = copies[file] {
                message += "; the same build as \(PluginLoader.shown(path: first)), loaded once"
            }
            var verdict = Verdict(file: file, loads: loads, message: message)
            if case .success(let reports) = outcome, let report = reports[file] {
                (verdict.plugin, verdict.version, verdict.modules) = (report.plugin, report.version, report.modules)
            }
            verdicts.append(verdict)
            if !json { Terminal.line(loads ? .ok : .failed, "\(name(of: file)): \(message)") }
        }
        let loadable = verdicts.indices.filter { verdicts[$0].loads && copies[files[$0]] == nil }
        if loadable.count > 1 {
            let outcome = verify(linkedFirst(loadable.map { files[$0] }), timeout: timeout * Double(loadable.count))
            for index in loadable {
                let (loads, message) = describe(outcome, of: files[index], alone: false)
                if loads { continue }
                (verdicts[index].loads, verdicts[index].message) = (false, "with the others: \(message)")
                if !json { Terminal.line(.failed, "\(name(of: files[index])), with the others: \(message)") }
            }
            if !json && loadable.allSatisfy({ verdicts[$0].loads }) {
                Terminal.line(.ok, "the \(loadable.count) that load alone load together")
            }
        }
        // The screens of the plugins that load, opened and rendered together.
        let loaded = verdicts.indices.filter { verdicts[$0].loads && copies[files[$0]] == nil }
        if !loaded.isEmpty {
            let together = linkedFirst(loaded.map { files[$0] })
            let (problems, opened) = ScreenVerification.check(together, timeout: timeout)
            fail(problems, in: &verdicts, of: files, json: json)
            let routes = Dictionary(grouping: opened, by: \.file).mapValues(\.count)
            for index in loaded { verdicts[index].routesOpened = routes[files[index]] ?? 0 }
            let of =
                loaded.count == files.count
                ? "" : " of the \(counted(loaded.count, "plugin file")) that load\(loaded.count == 1 ? "s" : "")"
            if !json && problems.isEmpty {
                Terminal.line(.ok, "\(counted(opened.count, "route"))\(of) opened and rendered: none crashed or hung")
            }
            if options.has("--actions") {
                let (problems, taken) = ActionVerification.check(opened, files: together, timeout: timeout)
                fail(problems, in: &verdicts, of: files, json: json)
                for index in loaded { verdicts[index].actionsTaken = taken[files[index]] ?? 0 }
                if !json && problems.isEmpty {
                    let actions = counted(taken.values.reduce(0, +), "action")
                    Terminal.line(.ok, "\(actions) of the screens\(of) taken: none crashed or hung")
                }
            }
        }
        let loading = verdicts.filter(\.loads).count
        if json {
            try printJSON(Listing(files: verdicts))
        } else {
            Terminal.line("\(loading) of \(counted(files.count, "plugin file")) passed")
        }
        return loading == files.count ? 0 : 1
    }

    /// What `--json` prints for a file: its plugin, version and modules when it loaded alone,
    /// whether it loads (alone, resolved, with the others, its screens opened), the line that
    /// says so, what its check alone found (the first line the text shows of it, which the
    /// verdict differs from when the file loads alone but not with the others), and how many of
    /// its routes were opened and rendered (once it loads with the others) and, with `--actions`,
    /// how many of their actions were taken.
    private struct Verdict: Encodable {
        /// Whether a file loads, and the line that says so.
        struct Check: Encodable {
            let loads: Bool
            let message: String
        }

        let file: String
        var plugin: String?
        var version: String?
        var modules: [String] = []
        var loads: Bool
        var message: String
        let alone: Check
        var routesOpened: Int?
        var actionsTaken: Int?

        init(file: String, loads: Bool, message: String) {
            (self.file, self.loads, self.message) = (file, loads, message)
            alone = Check(loads: loads, message: message)
        }
    }

    /// What `--json` prints.
    private struct Listing: Encodable {
        let schemaVersion = jsonSchemaVersion
        let files: [Verdict]
    }

    private static func name(of file: String) -> String {
        PluginLoader.shown(path: PathText.lastComponent(of: file))
    }

    /// `files`, each after the plugin libraries it links (other plugins', lying beside it or among
    /// `files` and the bundled plugins), each once: a plugin is verified with what it binds to
    /// loaded before it, as the host loads them.
    private static func linkedFirst(_ files: [String]) -> [String] {
        var seen: Set<String> = []
        let installed = files + BundledPlugins.present
        return files.flatMap { PluginLoader.linkedFiles(of: $0, installed: installed) + [$0] }.filter {
            seen.insert($0).inserted
        }
    }

    /// Runs the child for `files` and reads its reports, or says how it ended without them.
    private static func verify(_ files: [String], timeout: Double) -> Result<[String: Report], HostError> {
        switch ChildProcess.run(BundledPlugins.executable, [childCommand] + files, timeout: timeout) {
        case .failedToStart(let reason):
            return .failure(.failed("could not start a child process: \(reason)"))
        case .timedOut:
            return .failure(
                .failed(
                    "hung: did not finish loading within \(SecondsText.make(timeout)) s (killed)"
                ))
        case .crashed(let signal, let failure, _):
            return .failure(
                .failed(ChildProcess.describeCrash(signal: signal, failure: failure, doing: "while loading")))
        case .exited(let status, let output):
            guard let reports = try? JSONDecoder().decode([Report].self, from: ChildProcess.report(in: output)) else {
                return .failure(.failed("the child process ended with status \(status) without a report"))
            }
            return .success(Dictionary(reports.map { ($0.file, $0) }, uniquingKeysWith: { first, _ in first }))
        }
    }

    /// Marks the file of each of `problems` (a screen or an action that crashed or hung) as not
    /// passing, with its message, and prints it unless the output is `json`.
    private static func fail(
        _ problems: [ScreenVerification.Problem], in verdicts: inout [Verdict], of files: [String], json: Bool
    ) {
        for problem in problems {
            guard let index = files.firstIndex(of: problem.file) else { continue }
            (verdicts[index].loads, verdicts[index].message) = (false, problem.message)
            if !json { Terminal.line(.failed, "\(name(of: files[index])): \(problem.message)") }
        }
    }

    /// `text` as it is printed under its file: a reason of several lines indented.
    private static func indented(_ text: String) -> String {
        text.replacing("\n", with: "\n    ")
    }

    /// Whether `file` loaded in `outcome`, and the line that says so.
    private static func describe(
        _ outcome: Result<[String: Report], HostError>, of file: String, alone: Bool
    ) -> (Bool, String) {
        switch outcome {
        case .failure(let error):
            return (false, alone ? error.description : "loading them together " + error.description)
        case .success(let reports):
            guard let report = reports[file] else { return (false, "the child process did not report on it") }
            let text = indented(report.text)
            return (report.loaded, report.loaded ? "loads: " + text : "refused: " + text)
        }
    }

    /// The child's side: load the files together and print one report per file, as JSON on
    /// the last line.
    static func runChild(_ files: [String]) -> Int32 {
        guard !files.isEmpty else { return 2 }
        let results = PluginLoader(registry: Registry(), policy: PluginLoading.policy).load(files: files)
        let reports = zip(files, results).map { file, result in
            switch result {
            case .success(let plugin):
                Report(
                    file: file, loaded: true,
                    text: "\(plugin.manifest.name) \(plugin.manifest.version), "
                        + counted(plugin.modules.count, "module"),
                    plugin: plugin.manifest.name, version: plugin.manifest.version, modules: plugin.modules)
            case .failure(let error):
                Report(file: file, loaded: false, text: PluginLoading.message(for: error))
            }
        }
        guard let json = try? JSONEncoder().encode(reports) else { return 2 }
        ChildProcess.send(report: json)
        return reports.allSatisfy(\.loaded) ? 0 : 1
    }
}

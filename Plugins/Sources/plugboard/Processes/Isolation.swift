import FoundationEssentials
import Glibc
import Plugboard
import Synchronization

/// The plugins the host runs in processes of their own (`--isolate`): each group of them started
/// as `plugboard plugin-process`, its routes registered as proxies; a stop is
/// reported with the Swift runtime's message, and its whole report kept in a crash log.
enum Isolation {
    /// The hidden command a plugin process runs; the host names the plugin files over its socket.
    static let command = "plugin-process"

    /// What starts a plugin process of this host: this executable with ``command``.
    static var processCommand: [String] { [BundledPlugins.executable, command] }

    /// The isolated plugins of this host, in the order they started.
    static let started = Mutex<[IsolatedPlugin]>([])

    /// What the files of the isolated plugins declare, by path.
    static let manifests = Mutex<[String: SealedManifest]>([:])

    /// The names of the plugins that run in plugin processes, and of `members`, the isolated
    /// members of the population (started or not).
    static func names(startedOr members: [PluginPopulation.Member]) -> Set<String> {
        Set(started.withLock { $0 }.flatMap { $0.plugins.map(\.name) } + members.map(\.candidate.name))
    }

    /// The help of `--isolate`, as every command that takes it lists it.
    static let help = """
          --isolate NAMES Run the plugins NAMES names (all, none, or plugin names separated by
                          commas) in processes of their own, so that a trap in one ends its
                          process, not the host: its screens then say why it stopped, and
                          opening one again restarts it. Plugins joined by a dependency run
                          together, so name all of them (repeatable; default none).
          --plugin-deadline SECONDS
                          How long an isolated plugin may take to answer before it is taken for
                          hung: its process is stopped and its screens say so (default 5).
          --grant NAME[=PERMISSION]
                          Let the isolated plugin NAME do what it declares beyond its own code:
                          all of it, or the PERMISSION named (read PATH, write PATH, connect
                          HOST:PORT, connect any, run PATH, memory N MiB); repeatable, beside
                          the lines of ~/.config/plugboard/grants. One that declares more than
                          is granted is refused before it runs.
        """

    /// Serves the plugin files the host names, in load order, over descriptor 3, as a plugin
    /// process; it takes no arguments. Called on the main thread before anything awaits there
    /// (``PluginProcess/serve(descriptor:policy:)``).
    @MainActor
    static func serve(_ arguments: [String]) -> Int32 {
        guard arguments.isEmpty else { return 2 }
        return PluginProcess.serve(policy: PluginLoading.policy)
    }

    /// Where `policy` runs the `resolved` plugins.
    /// - Throws: ``HostError`` naming the plugins when the policy names a plugin that is not here,
    ///   or would part plugins joined by a dependency; nothing has run then.
    static func plan(_ policy: IsolationPolicy, for resolution: PluginResolution) throws -> IsolationPlan {
        // A plugin refused by resolution runs nowhere: naming it is no error.
        var policy = policy
        if case .plugins(let names) = policy {
            policy = .plugins(names.subtracting(resolution.refusals.map(\.candidate.name)))
        }
        do {
            return try policy.plan(for: resolution.order)
        } catch {
            throw HostError.failed("\(error)")
        }
    }

    /// Starts each group of `groups` in a process of its own, whose requests have `deadline`, and
    /// registers its routes in `loader`'s registry, printing a line for each plugin; returns how
    /// many plugins failed. The routes of a group that cannot start answer with why, from its
    /// manifests in `manifests`.
    static func start(
        _ groups: [[PluginCandidate]], deadline: Duration, manifests: [String: SealedManifest], loader: PluginLoader
    ) async -> Int {
        var failures = 0
        for group in groups {
            switch await start(group, deadline: deadline, manifests: manifests, loader: loader) {
            case .success(let plugin):
                for member in plugin.plugins {
                    Terminal.line(.ok, "\(member.name) \(member.version)  (\(place(of: member, in: plugin)))")
                }
            case .failure(let error):
                // A plugin that traps or fails as it starts takes down only its process; the routes
                // of its group answer with why.
                failures += group.count
                for candidate in group {
                    Terminal.line(.failed, PluginLoader.shown(path: candidate.path))
                }
                Terminal.error(failure(error, of: group))
                let reason = self.reason(error)
                for candidate in group {
                    guard let manifest = manifests[candidate.path] else { continue }
                    loader.registry.declareRefused(
                        manifest, image: candidate.path, reason: "it could not run isolated: \(reason)")
                }
            }
        }
        return failures
    }

    /// Declares each group of `groups` in `population`, to start in a process of its own when it is
    /// first needed, printing a line for each plugin; returns how many plugins failed (a second
    /// copy of a plugin, say, or a route another plugin has). With `preparingAProcess`, a plugin
    /// process is started ahead, for the first of them to start.
    static func declare(
        _ groups: [[PluginCandidate]], deadline: Duration, manifests: [String: SealedManifest],
        in population: PluginPopulation, preparingAProcess: Bool = true
    ) -> Int {
        var failures = 0
        // Their first use takes a process started ahead.
        if !groups.isEmpty && preparingAProcess { IsolatedPlugin.prepareProcess(for: processCommand) }
        for group in groups {
            let loader = population.loader
            do {
                try population.declareIsolated(group, manifests: manifests) {
                    let begun = ContinuousClock.now
                    let result = await start(group, deadline: deadline, manifests: manifests, loader: loader)
                    switch result {
                    case .success(let plugin):
                        // On standard output, as an activation in the host's process is.
                        Terminal.line(
                            "activated \(plugin.title) in \(LaunchListing.format(.now - begun)) "
                                + "(\(place(of: plugin.plugins[0], in: plugin)))")
                    case .failure(let error):
                        Terminal.error(failure(error, of: group))
                    }
                    return result
                }
                Terminal.lines(.skipped, group.map { "\($0.title)  (isolated: starts when first needed)" })
            } catch {
                failures += group.count
                for candidate in group { Terminal.line(.failed, PluginLoader.shown(path: candidate.path)) }
                Terminal.error("error: \(PluginLoading.message(for: error))")
            }
        }
        return failures
    }

    /// Starts `group` in a process of its own and registers its routes in `loader`'s registry,
    /// keeping it among the plugins ``started``.
    private static func start(
        _ group: [PluginCandidate], deadline: Duration, manifests: [String: SealedManifest], loader: PluginLoader
    ) async -> Result<IsolatedPlugin, PluginLoadError> {
        let result = await loader.isolate(
            group, command: processCommand, deadline: deadline, onStop: report, onOutput: printed)
        if case .success(let plugin) = result {
            started.withLock { $0.append(plugin) }
            Isolation.manifests.withLock { known in
                for file in plugin.files { known[file] = manifests[file] }
            }
        }
        return result
    }

    /// What to say when `group` could not run isolated for `error`; of a trap as it loaded or
    /// launched, its whole report is kept in a crash log, as a stop's is, and the log named.
    private static func failure(_ error: PluginLoadError, of group: [PluginCandidate]) -> String {
        // A file refused before any process started (a second copy, a plugin not allowed) is named
        // as the loader names it: the group's other plugins may run isolated all the same.
        guard case .isolationFailed = error else { return "error: \(PluginLoading.message(for: error))" }
        let titles = group.map(\.title).joined(separator: " + ")
        let line = "error: \(titles) could not run isolated: \(reason(error))"
        guard case .isolationFailed(_, .endedBeforeReady(let lastWords, let report)) = error,
            let log = crashLog(for: titles, ended: "before its plugin was ready: \(lastWords)", report: report)
        else { return line }
        return line + "\n  its report: \(log)"
    }

    /// Why a group could not run isolated, as `error` says it: the loader's error names the group's
    /// first file, where the line that gives the reason names the plugins.
    private static func reason(_ error: PluginLoadError) -> String {
        switch error {
        case .isolationFailed(_, let cause): "\(cause)"
        case .notGranted(_, let plugin, let permissions):
            "it asks to \(permissions.map(\.description).joined(separator: ", ")), which the person did not grant "
                + "(--grant \(plugin) grants all it asks)"
        default: "\(error)"
        }
    }

    /// Where `member` of `plugin` runs: `isolated, process 812`, or
    /// `isolated with Account, process 812` for a group.
    static func place(of member: WirePlugin, in plugin: IsolatedPlugin) -> String {
        let others = plugin.plugins.filter { $0 != member }.map(\.name)
        let together = others.isEmpty ? "" : " with \(others.joined(separator: ", "))"
        let stopped =
            plugin.startsAgainWhenUsed
            ? "stopped (starts again when next used)"
            : "stopped until restarted (restart \(member.name))"
        let process = plugin.processID.map { "process \($0)" } ?? stopped
        return "isolated\(together), \(process)"
    }

    /// Shows a line that a plugin process prints, on standard error, after the name of the plugin
    /// that printed it (`[Account] signed in`), or, when its process does not say, of the plugins
    /// it serves (`[Account + Blog] signed in`).
    @Sendable private static func printed(by plugins: String, line: String) {
        Terminal.error("[\(plugins)] \(line)")
    }

    /// Says that a plugin process stopped, and keeps its whole report in a crash log. Of a stop
    /// after which the plugin stays stopped, the line that follows says so rather than this one
    /// say that opening it restarts it.
    @Sendable static func report(_ error: IsolationError) {
        // A hang's report holds where each of its threads was as it was stopped.
        let ended: (plugin: String, how: String, report: String)? =
            switch error {
            case .stopped(let plugin, let lastWords, let report): (plugin, lastWords, report)
            case .notResponding(let plugin, let deadline, let report):
                (plugin, "no answer within \(deadline), so it was stopped (where its threads were follows)", report)
            default: nil
            }
        guard let ended else { return Terminal.error("error: \(error)") }
        let isolated = started.withLock { $0 }.first { $0.title == ended.plugin }
        var line = isolated?.startsAgainWhenUsed == false ? "error: \(error.summary)" : "error: \(error)"
        if let log = crashLog(for: ended.plugin, ended: ended.how, report: ended.report, of: isolated) {
            line += "\n  its report: \(log)"
        }
        Terminal.error(line)
    }

    /// Writes `report` into a new file of the crash log directory
    /// (`$XDG_STATE_HOME/plugboard/crashes`, by default `~/.local/state/plugboard/crashes`), after
    /// a header that says which plugin, how it ended and when, and, of `isolated` (the plugin as it
    /// runs, once it started), its files and the process that stopped; returns its path, or `nil`
    /// when it could not be written. The directory is its owner's alone (0700) and so is each
    /// report (0600): a backtrace may hold what the plugin was handling. Each plugin keeps its last
    /// ``keptReports`` reports; older ones are removed.
    private static func crashLog(
        for plugin: String, ended: String, report: String, of isolated: IsolatedPlugin? = nil
    ) -> String? {
        let environment = ProcessInfo.processInfo.environment
        let state =
            environment["XDG_STATE_HOME"].flatMap { $0.hasPrefix("/") ? $0 : nil }
            ?? environment["HOME"].map { $0 + "/.local/state" }
        guard let state else { return nil }
        let directory = state + "/plugboard/crashes"
        // `Account 1.0.0 + Blog 1.0.0` becomes `Account-1.0.0-Blog-1.0.0`.
        let name = plugin.split { !($0.isLetter || $0.isNumber || $0 == ".") }.joined(separator: "-")
        let now = Date()
        let file = "\(directory)/\(name)-\(Int(now.timeIntervalSince1970 * 1000))-\(getpid()).log"
        // Absolute: a report is read later, from anywhere.
        let files = isolated.map { "files: \($0.files.map { realPath($0) ?? $0 }.joined(separator: ", "))\n" } ?? ""
        let process = isolated?.lastStoppedProcessID.map { "process: \($0)\n" } ?? ""
        let header = """
            plugin: \(plugin)
            \(files)\(process)ended: \(ended)
            written: \(now.formatted(.iso8601))
            host process: \(getpid())

            """
        do {
            try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
            guard chmod(directory, 0o700) == 0,
                FileManager.default.createFile(
                    atPath: file, contents: Data((header + report).utf8), attributes: [.posixPermissions: 0o600])
            else { return nil }
            removeOldReports(of: name, in: directory)
            return file
        } catch {
            return nil
        }
    }

    /// How many crash reports each plugin keeps.
    static let keptReports = 10

    /// Removes the reports of the plugin `name` in `directory` but the last ``keptReports``, by
    /// the time in their names.
    private static func removeOldReports(of name: String, in directory: String) {
        let files = (try? FileManager.default.contentsOfDirectory(atPath: directory)) ?? []
        let reports = files.compactMap { file -> (time: Int, file: String)? in
            guard file.hasPrefix(name + "-"), file.hasSuffix(".log"),
                let time = Int(file.dropFirst(name.count + 1).prefix { $0.isNumber })
            else { return nil }
            return (time, file)
        }.sorted { $0.time > $1.time }
        for old in reports.dropFirst(keptReports) {
            try? FileManager.default.removeItem(atPath: directory + "/" + old.file)
        }
    }
}

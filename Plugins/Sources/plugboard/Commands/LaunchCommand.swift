import FoundationEssentials
import Glibc
import Plugboard
import Synchronization

/// `plugboard launch`: run the startup tasks and print the launch report.
enum LaunchCommand {
    static let help = """
        USAGE: plugboard launch [--plugins DIR]... [--with-bundled] [--trace FILE] [--hold] [--strict]
                               [--task-timeout SECONDS] [--isolate NAMES]
                               [--plugin-deadline SECONDS]
                               [--grant NAME[=PERMISSION]]...

        Loads the bundled plugins (or the plugins in each DIR), validates the startup task
        graph, runs it with a progress line per task on standard error, and prints each task's
        start, duration and slack, and the critical path. Then terminates the application:
        terminate handlers and shutdown work run in reverse dependency order. Ctrl-C (SIGINT)
        or SIGTERM during the launch stops it: running tasks are cancelled and the rest
        skipped, and the exit status is 130 after SIGINT, 143 after SIGTERM; a second signal
        quits at once. With --hold, the signal awaited ends the launch with status 0. A plugin
        whose startup tasks do not form a valid graph (a dependency on a task no plugin
        registers, a cycle, a dependency on a task of a plugin it does not declare) is
        quarantined, with the plugins that need it: they do not launch, their routes answer
        "not available", the report lists them, and the exit status is 3; the other plugins
        launch. With --strict, such a graph refuses the launch (status 1), for CI.

        OPTIONS:
          --plugins DIR   Load the .so files in DIR instead of the bundled plugins.
          --with-bundled  Load the bundled plugins as well as those of --plugins.
          --trace FILE    Write the launch as a Chrome trace-event JSON file (open it in
                          Perfetto or chrome://tracing).
          --hold          Keep running after the launch until SIGINT or SIGTERM arrives.
          --strict        Refuse the launch rather than quarantine a plugin.
        \(Options.taskTimeoutHelp)
        \(Isolation.help)
          -h, --help      Show this help.
        """

    static func run(_ arguments: [String]) async throws -> Int32 {
        let options = try Options(launchingPlugins: arguments, valued: ["--trace"], switches: ["--hold", "--strict"])
        let trace = try options.single("--trace")
        if let trace { try checkWritable(trace) }
        // Loading and progress go to standard error, as in run and open: standard output holds the
        // report.
        let isolation = try options.isolation
        let failures = try await Terminal.toStandardErrorWhile {
            try await PluginLoading.load(
                directories: options.pluginDirectories, withBundled: options.withBundled, isolation: isolation)
        }
        let app = Application(registry: .shared, taskTimeout: try options.taskTimeout)
        let signals = TerminationSignals()
        let interrupted = Task { await signals.next() }
        // A signal while tasks run stops the launch: terminating cancels the running tasks and
        // skips the rest. A second signal ends the process, should a task ignore cancellation.
        Task { _ = await TerminationSignals.stopLaunch(of: app, after: interrupted.value, saying: Terminal.error) }
        Terminal.toStandardError { Terminal.heading("Launching") }
        // Tasks that need a plugin that failed to load are skipped with the reason; the rest run.
        // A plugin whose tasks do not form a valid graph is quarantined, unless --strict.
        let report = try await app.launch(
            allowingMissingDependencies: failures > 0, quarantining: !options.has("--strict"),
            progress: { entry in Terminal.toStandardError { LaunchListing.progress(entry) } },
            stillRunning: { tasks in Terminal.toStandardError { LaunchListing.stillRunning(tasks) } })
        LaunchListing.print(report)
        // The isolated plugins launched in their own processes, as they started.
        let isolated = Isolation.started.withLock { $0 }.map { plugin in
            ("\(plugin.title), process \(plugin.processID.map(String.init) ?? "stopped")", plugin.launch)
        }
        for (process, launch) in isolated { LaunchListing.print(launch, title: "Launch report of \(process)") }
        var traceFailure: HostError?
        if let trace {
            do {
                try report.chromeTrace(with: isolated.map { (name: $0.0, report: $0.1) }).write(
                    to: URL(fileURLWithPath: trace))
                Terminal.line("Trace written to \(trace)")
            } catch {
                // Reported after the application terminated: its shutdown work still runs.
                traceFailure = .failed("cannot write the trace to \(trace): \(FileProblem.reason(error))")
            }
        }
        if options.has("--hold") && report.succeeded {
            Terminal.line("Running; press Ctrl-C (SIGINT) or send SIGTERM to terminate.")
            let signal = await interrupted.value
            Terminal.line("Received \(signal), terminating")
        }
        Terminal.heading("Terminating")
        await app.terminate()
        if let traceFailure { throw traceFailure }
        guard report.succeeded else { throw HostError.launchEnded(report, signals: signals) }
        if failures > 0 { throw HostError.pluginsFailed(count: failures) }
        if !report.quarantined.isEmpty {
            Terminal.error("error: \(counted(report.quarantined.count, "plugin")) quarantined (see the report above)")
            return quarantinedStatus
        }
        return 0
    }

    /// The exit status of a launch that succeeded with plugins quarantined.
    static let quarantinedStatus: Int32 = 3

    /// Refuses a trace path that cannot be written before anything is loaded or launched.
    private static func checkWritable(_ trace: String) throws {
        let directory = PathText.directory(of: trace)
        var isDirectory = false
        let problem =
            if FileManager.default.fileExists(atPath: trace, isDirectory: &isDirectory), isDirectory {
                "it is a directory; name a file"
            } else {
                FileProblem.whyNotWritable(directory: directory.isEmpty ? "." : directory)
            }
        if let problem { throw HostError.failed("cannot write the trace to \(trace): \(problem)") }
    }
}

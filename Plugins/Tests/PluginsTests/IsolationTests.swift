import Foundation
import Testing

/// A plugin run isolated takes down only itself: its screens live in a plugin process of its own,
/// a trap there is named with the Swift runtime's message and kept in a crash log, the host and
/// every other screen go on, and the next use starts it again.
struct IsolationTests {
    /// The host's shell with the probe isolated, beside the bundled plugins, its crash logs under
    /// `state`.
    private func isolatedProbe(
        state: URL, options: [String] = [], environment: [String: String] = [:]
    ) throws -> RunningHost {
        let scratch = try Scratch()
        _ = try scratch.copy(BuildProducts.probe, as: "libProbePlugin.so")
        return try RunningHost(
            ["run", "--with-bundled", "--plugins", scratch.directory.path, "--isolate", "Probe"] + options,
            environment: environment.merging(["PLUGBOARD_PROBE_FAULTS": "1", "XDG_STATE_HOME": state.path]) { $1 },
            timeLimit: 120)
    }

    @Test func aTrapInAnIsolatedPluginEndsOnlyItsProcessAndItsNextUseStartsItAgain() throws {
        let state = try Scratch().directory
        // Reports of earlier stops, more than are kept: the oldest go.
        let crashes = state.appendingPathComponent("plugboard/crashes")
        try FileManager.default.createDirectory(at: crashes, withIntermediateDirectories: true)
        for time in 1_000...1_011 {
            try Data("an old report\n".utf8).write(to: crashes.appendingPathComponent("Probe-0.0.1-\(time)-1.log"))
        }
        let host = try isolatedProbe(state: state)
        host.type("open app://probe/identity\n")
        host.read(until: "Stack: Home > Probe\n")
        #expect(host.seen.contains("┌─ Probe\n│ probe\n└─\n  1) End the process  [exit]\n  2) Trap  [trap]\n"))
        let running = ProcessTable.pluginProcesses(of: host.processIdentifier)
        #expect(running.count == 1, "one plugin process: \(running)")
        // Its view model's navigation crosses to the host's navigator.
        host.type("do circles\n")
        host.read(until: "Stack: Home > Probe > Circles\n")
        host.type("back\ndo trap\n")
        let stopped = host.read(until: "Stack: Home > Probe stopped\n")
        #expect(host.seen[..<stopped].contains("│ Probe 0.0.1 stopped: Fatal error: the probe traps on purpose"))
        #expect(host.seen[..<stopped].contains("  1) Go back  [back]\n"))
        // Reaped at once: no plugin process is left, and no child unreaped.
        #expect(ProcessTable.pluginProcesses(of: host.processIdentifier).isEmpty)
        #expect(
            ProcessTable.children(of: host.processIdentifier).allSatisfy { $0.state != "Z" },
            "\(ProcessTable.children(of: host.processIdentifier))")
        // The other plugins go on; the next use starts the probe again, in a new process.
        host.type("open app://blog\nback\nback\nopen app://probe/identity\nplugins\n")
        host.read(until: "Probe 0.0.1  isolated, process ")
        let restarted = ProcessTable.pluginProcesses(of: host.processIdentifier)
        #expect(restarted.count == 1 && restarted.first != running.first, "\(restarted) after \(running)")
        let (status, output, problems) = try host.finish()
        #expect(status == 0, "\(problems)")
        #expect(output.contains("> open app://blog\n┌─ Blog"), "\(output)")
        #expect(output.contains("> open app://probe/identity\n┌─ Probe\n│ probe\n"), "\(output)")
        #expect(
            problems.contains(
                "error: Probe 0.0.1 stopped: Fatal error: the probe traps on purpose (ProbePlugin/ProbePlugin.swift:"),
            "\(problems)")
        // The whole report, backtrace included, is in the crash log the host names.
        let log = try #require(
            problems.split(separator: "\n").first { $0.hasPrefix("  its report: ") }?.dropFirst("  its report: ".count))
        #expect(log.hasPrefix(state.path + "/plugboard/crashes/Probe-"))
        let report = try String(contentsOfFile: String(log), encoding: .utf8)
        #expect(report.contains("Fatal error: the probe traps on purpose"), "\(report)")
        // Its backtrace names the plugin's code, with its file and line: the process's backtracer
        // sees the process, whatever namespace it runs in.
        #expect(
            !Backtraces.areWritten
                || report.contains(
                    /closure #\d+ in ProbeScreen\.actions\.getter \+ \d+ in libProbePlugin\.so at \S+ProbePlugin\.swift:\d+/
                ),
            "\(report)")
        // A header says which plugin, its file, the process that stopped and how it ended; it is
        // its owner's alone, as its directory; the plugin keeps its last ten.
        let heading = #/plugin: Probe 0\.0\.1\nfiles: (/\S+/libProbePlugin\.so)\nprocess: (\d+)\nended: /#
        let header = try #require(report.prefixMatch(of: heading), "\(report)")
        #expect(FileManager.default.fileExists(atPath: String(header.1)))
        #expect(Int32(header.2) == running.first)
        #expect(
            report.dropFirst(header.0.count).hasPrefix("Fatal error: the probe traps on purpose (ProbePlugin/"),
            "\(report)")
        let mode = { (path: String) in
            ((try? FileManager.default.attributesOfItem(atPath: path))?[.posixPermissions] as? Int) ?? -1
        }
        #expect(mode(String(log)) == 0o600 && mode(crashes.path) == 0o700)
        let kept = try FileManager.default.contentsOfDirectory(atPath: crashes.path).filter { $0.hasPrefix("Probe-") }
        #expect(kept.count == 10 && kept.contains(String(log.split(separator: "/").last ?? "")), "\(kept)")
        #expect(!kept.contains("Probe-0.0.1-1000-1.log"), "\(kept)")
        // Its standard error, where the backtrace went, is not shown: only what it prints is.
        #expect(!problems.contains("[Probe]"), "\(problems)")
    }

    /// A host that isolates plugins keeps one plugin process started ahead: a restart takes it, and
    /// another is prepared; one that ends while it waits is reaped and replaced.
    @Test func aRestartTakesTheProcessPreparedAhead() throws {
        let host = try isolatedProbe(state: try Scratch().directory)
        host.type("open app://probe/identity\n")
        host.read(until: "Stack: Home > Probe\n")
        let spare = try #require(host.spareProcess(), "no process was prepared")
        // Killed as it waits: reaped, and another prepared.
        kill(spare, SIGKILL)
        let next = try #require(host.spareProcess(other: spare), "none prepared again")
        #expect(ProcessTable.children(of: host.processIdentifier).allSatisfy { $0.state != "Z" })
        // The probe's next process, once it stopped, is the one prepared.
        let serving = ProcessTable.pluginProcesses(of: host.processIdentifier)
        #expect(serving.count == 1)
        // Reaped: the host saw it end.
        end(serving, by: SIGKILL, seenBy: host)
        let start = host.seen.endIndex
        host.type("restart Probe\nplugins\n")
        let end = host.read(until: "  spare plugin process: ", after: start)
        let listed = host.seen[start..<end]
        #expect(listed.contains("  Probe 0.0.1  isolated, process \(next)\n"), "\(listed)")
        #expect(ProcessTable.pluginProcesses(of: host.processIdentifier) == [next])
        #expect(ProcessTable.name(of: next) == "Probe")
        #expect(host.spareProcess(other: next) != nil, "none prepared after the restart")
        let (status, _, problems) = try host.finish()
        #expect(status == 0, "\(problems)")
    }

    /// `restart` of a plugin whose process runs leaves that process running, and says so.
    @Test func aRestartOfARunningPluginSaysItRunsAndLeavesItsProcess() throws {
        let host = try isolatedProbe(state: try Scratch().directory)
        host.type("open app://probe/identity\n")
        host.read(until: "Stack: Home > Probe\n")
        let serving = try #require(ProcessTable.pluginProcesses(of: host.processIdentifier).first)
        let start = host.seen.endIndex
        host.type("restart Probe\nplugins\n")
        let end = host.read(until: "  spare plugin process: ", after: start)
        let answered = host.seen[start..<end]
        #expect(
            answered.hasPrefix(
                "> restart Probe\nProbe 0.0.1: running (process \(serving)), so nothing to restart; reload Probe "
                    + "replaces its process\n> plugins\n"),
            "\(answered)")
        #expect(answered.contains("  Probe 0.0.1  isolated, process \(serving)\n"), "\(answered)")
        let (status, _, problems) = try host.finish()
        #expect(status == 0, "\(problems)")
    }

    /// Runs the host with `arguments` and the probe, isolated, with `environment`: the probe
    /// records what it does in the file returned (its manifest declares the writing of its
    /// directory, which the host grants it).
    private func recordingProbe(
        _ arguments: [String], input: String? = nil, environment: [String: String]
    ) async throws -> (HostProcess, record: String) {
        let scratch = try Scratch()
        _ = try scratch.copy(BuildProducts.probe, as: "libProbePlugin.so")
        let record = scratch.directory.appendingPathComponent("record").path
        let run = try await HostProcess.run(
            arguments + ["--plugins", scratch.directory.path, "--isolate", "Probe", "--grant", "Probe"], input: input,
            environment: environment.merging(["PLUGBOARD_PROBE_RECORD": record]) { $1 })
        return (run, record)
    }

    /// Sends `signal` to `processes`, children of `host`, and waits (up to 10 s) until the host has
    /// reaped them.
    private func end(_ processes: [Int32], by signal: Int32, seenBy host: RunningHost) {
        for process in processes { kill(process, signal) }
        let reaped = ContinuousClock.now + .seconds(10)
        while .now < reaped,
            ProcessTable.children(of: host.processIdentifier).contains(where: { processes.contains($0.pid) })
        {
            usleep(10_000)
        }
    }

    @Test func anIsolatedPluginThatHangsIsStoppedAtItsDeadlineAndStartsAgain() throws {
        let host = try isolatedProbe(state: try Scratch().directory, options: ["--plugin-deadline", "1.5"])
        host.type("open app://probe/identity\n")
        host.read(until: "Stack: Home > Probe\n")
        let hung = ProcessTable.pluginProcesses(of: host.processIdentifier)
        // Asked once the host's reader has waited a while with no request: the request's own
        // deadline counts from when it was sent, not from when the reader last looked.
        usleep(1_000_000)
        let asked = ContinuousClock.now
        host.type("do hang\n")
        host.read(until: "Stack: Home > Probe stopped\n")
        #expect(ContinuousClock.now - asked >= .seconds(1.5), "stopped before its deadline")
        #expect(
            host.seen.contains("│ Probe 0.0.1 is not responding: it did not answer within 1.5 seconds"), "\(host.seen)")
        // Answered at the deadline; the stopped process is reaped a moment later.
        let reaped = ContinuousClock.now + .seconds(5)
        while ProcessTable.children(of: host.processIdentifier).contains(where: { hung.contains($0.pid) })
            && ContinuousClock.now < reaped
        {
            usleep(10_000)
        }
        #expect(hung.count == 1 && ProcessTable.pluginProcesses(of: host.processIdentifier).isEmpty)
        #expect(
            ProcessTable.children(of: host.processIdentifier).allSatisfy { $0.state != "Z" },
            "\(ProcessTable.children(of: host.processIdentifier))")
        host.type("back\nopen app://probe/identity\n")
        host.read(until: "Stack: Home > Probe\n")
        let (status, _, problems) = try host.finish()
        #expect(status == 0, "\(problems)")
        #expect(problems.contains("error: Probe 0.0.1 is not responding"), "\(problems)")
    }

    /// A crash report names the plugin's files by absolute paths, however the host was given them:
    /// it is read later, from anywhere.
    @Test func aCrashReportNamesThePluginsFilesByAbsolutePaths() async throws {
        let scratch = try Scratch()
        let plugins = scratch.directory.appendingPathComponent("p")
        try FileManager.default.createDirectory(at: plugins, withIntermediateDirectories: true)
        let probe = plugins.appendingPathComponent("libProbePlugin.so")
        try FileManager.default.copyItem(atPath: try BuildProducts.probe, toPath: probe.path)
        let run = try await HostProcess.run(
            ["run", "--plugins", "p", "--isolate", "Probe"], input: "open app://probe/identity\ndo trap\n",
            environment: ["PLUGBOARD_PROBE_FAULTS": "1", "XDG_STATE_HOME": scratch.directory.path],
            in: scratch.directory)
        let log = try #require(
            run.standardError.split(separator: "\n").first { $0.hasPrefix("  its report: ") }?.dropFirst(
                "  its report: ".count), "\(run.standardError)")
        let report = try String(contentsOfFile: String(log), encoding: .utf8)
        #expect(report.contains("\nfiles: \(probe.path)\n"), "\(report.prefix(300))")
    }

    /// A plugin that hangs is stopped at its deadline once it wrote where each of its threads was:
    /// its crash report says so, and names the code that spun.
    @Test func aHangWritesWhereItsThreadsWereIntoItsReport() throws {
        let state = try Scratch().directory
        let host = try isolatedProbe(
            state: state, options: ["--plugin-deadline", "1.5"], environment: ["PLUGBOARD_PROBE_RENDER_SPINS": "1"])
        host.type("open app://probe/identity\n")
        host.read(until: "Stack: Home > Probe stopped\n")
        let (status, _, problems) = try host.finish()
        #expect(status == 0, "\(problems)")
        let log = try #require(
            problems.split(separator: "\n").first { $0.hasPrefix("  its report: ") }?.dropFirst("  its report: ".count),
            "\(problems)")
        let report = try String(contentsOfFile: String(log), encoding: .utf8)
        #expect(
            report.contains(
                "\nended: no answer within 1.5 seconds, so it was stopped (where its threads were follows)\n"),
            "\(report)")
        // The render that spins, by itself or by its caller's frame (a sample in a leaf it calls).
        if Backtraces.areWritten {
            #expect(report.contains(/ProbeScreen[^\n]*\.render\(\)[^\n]* in libProbePlugin\.so/), "\(report)")
            #expect(report.contains("\nThread 0 \"Probe\" crashed:\n") && report.contains("\nThread 1 "), "\(report)")
        }
    }

    /// A view model's request for a screen that never loads, in an isolated plugin, leaves the
    /// host idle while it waits for the plugin's deadline: the shell's wait for the navigation to
    /// be followed keeps no thread busy.
    @Test func theHostIsIdleWhileANavigationWaitsOnAPluginThatHangs() throws {
        let host = try isolatedProbe(state: try Scratch().directory, options: ["--plugin-deadline", "1.5"])
        host.type("open app://probe/identity\n")
        host.read(until: "Stack: Home > Probe\n")
        let (before, asked) = (ProcessTable.processorTime(of: host.processIdentifier), ContinuousClock.now)
        host.type("do stuck\n")
        // The screen asked for, in the stopped process too, shows the stop.
        host.read(until: "Stack: Home > Probe stopped > Probe stopped\n")
        let (used, waited) = (
            ProcessTable.processorTime(of: host.processIdentifier) - before, ContinuousClock.now - asked
        )
        #expect(waited >= .seconds(1.5), "stopped before its deadline")
        #expect(host.seen.contains("is not responding: it did not answer within 1.5 seconds"), "\(host.seen)")
        // Looking again and again for the navigation to be done kept a thread busy the whole wait.
        #expect(used < waited / 4, "the host used \(used) of processor time in a wait of \(waited)")
        let (status, _, problems) = try host.finish()
        #expect(status == 0, "\(problems)")
    }

    /// Ctrl-C while the shell waits on a plugin that hangs gives up the wait: the next command runs
    /// before the plugin's deadline stops its process.
    @Test func ctrlCGivesUpTheWaitOnAPluginThatHangs() throws {
        let host = try isolatedProbe(state: try Scratch().directory)
        host.type("open app://probe/identity\ndo hang\n")
        host.read(until: "> do hang\n")
        usleep(300_000)
        kill(host.processIdentifier, SIGINT)
        host.type("open app://blog\n")
        host.read(until: "Stack: ", after: host.read(until: "┌─ Blog\n"))
        let (status, output, problems) = try host.finish()
        #expect(status == 0, "\(problems)")
        // The probe's screen was still up, not yet stopped at its deadline, when the blog opened.
        #expect(output.contains("Stack: Home > Probe > Blog\n"), "\(output)")
        #expect(problems.contains("gave up 'do hang'"), "\(problems)")
    }

    /// SIGTERM while a command waits on a plugin that hangs ends the host at once: the plugin's
    /// process, which could run its shutdown work only once it answered, is ended with it.
    @Test func sigtermWhileAPluginHangsEndsTheHostAtOnce() throws {
        let host = try isolatedProbe(state: try Scratch().directory, options: ["--plugin-deadline", "60"])
        host.type("open app://probe/identity\ndo hang\n")
        host.read(until: "> do hang\n")
        usleep(300_000)
        let plugin = ProcessTable.pluginProcesses(of: host.processIdentifier)
        let sent = ContinuousClock.now
        kill(host.processIdentifier, SIGTERM)
        let (status, _, problems) = try host.finish()
        #expect(ContinuousClock.now - sent < .seconds(10), "\(problems)")
        #expect(status == 143, "\(problems)")
        #expect(ProcessTable.running(plugin, after: 5).isEmpty, "plugin processes \(plugin) left")
    }

    /// Ctrl-C while the shell waits for a plugin process to start gives up the wait: the shell's
    /// thread is not held by the start. Here the probe's startup task hangs in the process a
    /// restart takes, and the next command runs while that process still waits for its deadline, a
    /// minute away. The restart is asked for, or comes with the plugin's next use.
    @Test(arguments: ["restart Probe", "open app://probe/identity"])
    func ctrlCGivesUpARestartWhoseProcessDoesNotAnswer(command: String) throws {
        let scratch = try Scratch()
        let stuck = scratch.directory.appendingPathComponent("stuck")
        let host = try isolatedProbe(
            state: scratch.directory, options: ["--plugin-deadline", "60"],
            environment: ["PLUGBOARD_PROBE_STUCK_ONCE": stuck.path])
        host.type("open app://probe/identity\ndo trap\n")
        host.read(until: "Stack: Home > Probe stopped\n")
        try Data().write(to: stuck)
        host.type(command + "\n")
        host.read(until: "> \(command)\n")
        usleep(300_000)
        kill(host.processIdentifier, SIGINT)
        host.type("stack\n")
        host.read(until: "Stack: ", after: host.read(until: "> stack\n"))
        let waiting = ProcessTable.pluginProcesses(of: host.processIdentifier)
        #expect(waiting.count == 1, "the process the restart took still waits: \(waiting)")
        let (status, _, problems) = try host.finish()
        #expect(status == 0, "\(problems)")
        #expect(problems.contains("gave up '\(command)'"), "\(problems)")
        #expect(!problems.contains("cannot be given up"), "\(problems)")
    }

    /// `run` and `demo` list, under Launching, the startup tasks the isolated plugins ran as their
    /// processes started, each with its process, before the host's own.
    @Test(arguments: ["run", "demo"])
    func theIsolatedPluginsTasksAreListedUnderLaunching(command: String) async throws {
        let run = try await HostProcess.run([command, "--isolate", "all"], input: "quit\n")
        #expect(run.status == 0, "\(run.standardError)")
        let output = run.standardOutput + run.standardError
        #expect(
            output.contains("Launching\n  ✓ shell.configuration  [ShellPlugin.ShellModule]  (process "),
            "\(output.prefix(2000))")
        #expect(output.contains("  ✓ circles.load-joined  [CirclesPlugin.CirclesModule]  (process "))
    }

    /// A spare process stopped while it waits (SIGSTOP) would answer nothing: the first use ends it
    /// and starts another, at once, and the plugin is not blamed; nothing of it is left, not even
    /// a zombie.
    @Test func aStoppedSpareIsReplacedWithoutBlamingThePlugin() throws {
        let host = try isolatedProbe(
            state: try Scratch().directory, options: ["--plugin-deadline", "60"],
            environment: ["PLUGBOARD_PROBE_LAZY": "1"])
        let spare = try #require(host.spareProcess(), "no process was prepared")
        kill(spare, SIGSTOP)
        // Stopped once the signal is delivered, a moment later on a busy machine.
        let stopping = ContinuousClock.now + .seconds(10)
        while ProcessTable.children(of: host.processIdentifier).first(where: { $0.pid == spare })?.state != "T",
            .now < stopping
        {
            usleep(10_000)
        }
        let started = ContinuousClock.now
        host.type("open app://probe/identity\n")
        host.read(until: "Stack: Home > Probe\n")
        #expect(ContinuousClock.now - started < .seconds(30), "the first use waited on the stopped spare")
        #expect(!host.seen.contains("not ready"), "\(host.seen)")
        #expect(!ProcessTable.children(of: host.processIdentifier).contains { $0.pid == spare })
        let (status, _, problems) = try host.finish()
        #expect(status == 0, "\(problems)")
    }

    /// Ctrl-C while the shell waits for the screen a view model asked for gives up that screen as
    /// well: when the plugin's deadline later stops its process, the stack does not gain it.
    @Test func ctrlCGivesUpTheScreenAViewModelAskedFor() throws {
        let host = try isolatedProbe(state: try Scratch().directory, options: ["--plugin-deadline", "1.5"])
        host.type("open app://probe/identity\n")
        let opened = host.read(until: "Stack: Home > Probe\n")
        let running = ProcessTable.pluginProcesses(of: host.processIdentifier)
        #expect(running.count == 1, "one plugin process: \(running)")
        host.type("do stuck\n")
        host.read(until: "> do stuck\n", after: opened)
        usleep(300_000)
        kill(host.processIdentifier, SIGINT)
        host.type("open app://blog\n")
        host.read(until: "Stack: Home > Probe > Blog\n")
        // The plugin's deadline stops its process (and ends the wait the person gave up).
        let stopped = ContinuousClock.now + .seconds(60)
        while running.contains(where: { ProcessTable.pluginProcesses(of: host.processIdentifier).contains($0) }),
            ContinuousClock.now < stopped
        {
            usleep(20_000)
        }
        usleep(200_000)
        host.type("stack\n")
        let listed = host.read(until: "> stack\n")
        host.read(until: "Stack: ", after: listed)
        let (status, output, problems) = try host.finish()
        #expect(status == 0, "\(problems)")
        #expect(problems.contains("gave up 'do stuck'"), "\(problems)")
        #expect(problems.contains("error: Probe 0.0.1 is not responding"), "\(problems)")
        // Its screen shows the stop; the screen asked for was never pushed.
        #expect(output[listed...].hasPrefix("Stack: Home > Probe stopped > Blog\n"), "\(output[listed...])")
    }

    /// The screens a process showed before it stopped are built again, from their URLs, once a
    /// later open starts the plugin again: the person's place comes back.
    @Test func theScreensOfAStoppedProcessAreBuiltAgainWhenALaterOpenStartsIt() throws {
        let host = try isolatedProbe(state: try Scratch().directory)
        for _ in 0..<2 {
            host.type("open app://probe/identity\n")
            host.read(until: "Stack: ", after: host.read(until: "┌─ Probe\n", after: host.seen.endIndex))
            for process in ProcessTable.pluginProcesses(of: host.processIdentifier) { kill(process, SIGKILL) }
            // Reaped, and its end seen, before the next use starts another.
            let reaped = ContinuousClock.now + .seconds(5)
            while !ProcessTable.pluginProcesses(of: host.processIdentifier).isEmpty && .now < reaped {
                usleep(10_000)
            }
            usleep(300_000)
        }
        host.type("stack\nopen app://probe/identity\nback\nback\n")
        let (status, output, problems) = try host.finish()
        #expect(status == 0, "\(problems)")
        // Stopped, then rebuilt by the next open: each open started a process that serves all three.
        #expect(output.contains("> stack\nStack: Home > Probe stopped > Probe stopped\n"), "\(output)")
        #expect(output.contains("Stack: Home > Probe > Probe > Probe\n"), "\(output)")
        #expect(
            output.hasSuffix(
                "┌─ Probe\n│ probe\n└─\n  1) End the process  [exit]\n  2) Trap  [trap]\n  3) Hang  [hang]\n"
                    + "  4) Open the circles  [circles]\n  5) Open a screen that never loads  [stuck]\n"
                    + "Stack: Home > Probe\n"),
            "\(output)")
    }

    /// A screen whose action stopped its plugin (a trap, a hang) is built again as one stopped by a
    /// kill is, by the open that starts the plugin again or by a restart; the action is not
    /// taken again.
    @Test(arguments: ["trap", "hang"], ["open app://probe/identity", "restart Probe"])
    func aScreenWhoseActionStoppedItsPluginIsBuiltAgain(action: String, start: String) async throws {
        let scratch = try Scratch()
        _ = try scratch.copy(BuildProducts.probe, as: "libProbePlugin.so")
        let run = try await HostProcess.run(
            [
                "run", "--with-bundled", "--plugins", scratch.directory.path, "--isolate", "Probe",
                "--plugin-deadline", "1",
            ],
            input: "open app://probe/identity\ndo \(action)\n\(start)\nstack\nquit\n",
            environment: ["PLUGBOARD_PROBE_FAULTS": "1", "XDG_STATE_HOME": scratch.directory.path])
        #expect(run.status == 0, "\(run.standardError)")
        #expect(run.standardOutput.contains("Stack: Home > Probe stopped\n"), "\(run.standardOutput)")
        let rebuilt = start.hasPrefix("open") ? "Home > Probe > Probe" : "Home > Probe"
        #expect(run.standardOutput.contains("> stack\nStack: \(rebuilt)\n"), "\(run.standardOutput)")
        if start.hasPrefix("restart") {
            #expect(run.standardOutput.contains("; 1 screen rebuilt\n"), "\(run.standardOutput)")
        }
    }

    /// A plugin whose startup task traps in its process takes down only that process as it
    /// starts: the others launch, and its routes answer with its last words.
    @Test func aTrapWhileAnIsolatedPluginStartsLeavesItsRoutesSayingWhy() async throws {
        let scratch = try Scratch()
        _ = try scratch.copy(BuildProducts.probe, as: "libProbePlugin.so")
        let run = try await HostProcess.run(
            ["run", "--with-bundled", "--plugins", scratch.directory.path, "--isolate", "Probe"],
            input: "open app://probe/identity\nopen app://blog\nquit\n",
            environment: ["PLUGBOARD_PROBE_TASK_TRAPS": "1", "XDG_STATE_HOME": scratch.directory.path])
        #expect(run.status == 1, "a plugin did not load: \(run.standardError)")
        let words =
            "the plugin process could not start: it ended before its plugin was ready: Fatal error: the probe's task "
            + "traps on purpose (ProbePlugin/ProbePlugin.swift:"
        #expect(
            run.standardError.contains("error: Probe 0.0.1 could not run isolated: \(words)"), "\(run.standardError)")
        #expect(
            run.standardError.contains(
                "error: 'app://probe/identity' is not available: plugin 'Probe' was refused: it could not run isolated: "
                    + words), "\(run.standardError)")
        // Its whole report, as it trapped starting, is in the crash log the host names.
        let log = try #require(
            run.standardError.split(separator: "\n").first { $0.hasPrefix("  its report: ") }?
                .dropFirst("  its report: ".count), "\(run.standardError)")
        #expect(log.hasPrefix(scratch.directory.path + "/plugboard/crashes/Probe-0.0.1-"))
        let report = try String(contentsOfFile: String(log), encoding: .utf8)
        #expect(report.contains("Fatal error: the probe's task traps on purpose"), "\(report)")
        #expect(run.standardOutput.contains("> open app://blog\n┌─ Blog"), "\(run.standardOutput)")
    }

    /// After 3 stops within 5 minutes the plugin stays stopped, until `restart` starts it again
    /// and rebuilds its screens.
    @Test func aPluginThatStopsThreeTimesStaysStoppedUntilRestarted() throws {
        let host = try isolatedProbe(state: try Scratch().directory)
        let rule =
            "Probe 0.0.1 stopped 3 times within 300.0 s, so it stays stopped until it is restarted (in the "
            + "plugboard shell: restart Probe)"
        for stop in 1...3 {
            host.type("open app://probe/identity\ndo trap\n")
            let shown = host.read(until: "Stack: Home > Probe stopped\n", after: host.seen.endIndex)
            // The third stop's screen says that the plugin now stays stopped, and what starts it.
            let screen = host.seen[..<shown].suffix(400)
            #expect(screen.contains(rule) == (stop == 3), "\(screen)")
            #expect(screen.contains("open it again to restart it") == (stop < 3), "\(screen)")
            host.type("back\n")
            host.read(until: "Stack: Home\n", after: host.seen.endIndex)
        }
        host.type("plugins\n")
        let listed = host.read(until: "> plugins\n", after: host.seen.endIndex)
        let listing = host.read(until: "\n", after: host.read(until: "  Probe 0.0.1  ", after: listed))
        #expect(
            host.seen[..<listing].hasSuffix("  Probe 0.0.1  isolated, stopped until restarted (restart Probe)\n"),
            "\(host.seen[listed...])")
        host.type("open app://probe/identity\n")
        let kept = host.read(until: "Stack: Home > Probe stopped\n", after: host.seen.endIndex)
        #expect(
            host.seen[..<kept].hasSuffix(
                "│ Probe 0.0.1 stopped 3 times within 300.0 s, so it stays stopped until it is restarted (in the "
                    + "plugboard shell: restart Probe)\n└─\n  1) Go back  [back]\nStack: Home > Probe stopped\n"),
            "\(host.seen)")
        host.type("restart Probe\n")
        host.read(until: "Stack: Home > Probe\n", after: kept)
        let (status, output, problems) = try host.finish()
        #expect(status == 0, "\(problems)")
        #expect(output[kept...].contains("restarted Probe 0.0.1 (process "), "\(output)")
        #expect(output[kept...].contains("); 1 screen rebuilt\n┌─ Probe\n│ probe\n"), "\(output)")
        // The host says the rule once, at the third stop, and never that opening it restarts it then.
        let lines = problems.split(separator: "\n")
        #expect(lines.filter { $0 == "error: \(rule)" }.count == 1, "\(problems)")
        let stops = lines.filter { $0.hasPrefix("error: Probe 0.0.1 stopped: Fatal error: the probe traps on purpose") }
        #expect(
            stops.count == 3 && stops.filter { $0.hasSuffix("; open it again to restart it") }.count == 2, "\(problems)"
        )
    }

    /// Plugins joined by a dependency run together in one plugin process, so the blog asks the
    /// account's session service, as in the host's process; `plugins` shows the group.
    @Test func aGroupOfPluginsThatShareAServiceRunsInOneProcess() async throws {
        let run = try await HostProcess.run(
            ["run", "--isolate", "Account,Blog"],
            input: "plugins\nopen app://login\ndo account ann\ndo password secret\ndo login\n"
                + "open app://blog/articles/1/comment\nquit\n")
        #expect(run.status == 0, "\(run.standardError)")
        let lines = run.standardOutput.split(separator: "\n")
        let account = try #require(lines.first { $0.hasPrefix("  Account 1.0.0  isolated with Blog, process ") })
        let blog = try #require(lines.first { $0.hasPrefix("  Blog 1.0.0  isolated with Account, process ") })
        #expect(account.split(separator: " ").last == blog.split(separator: " ").last, "one process: \(lines)")
        #expect(run.standardOutput.contains("  Shell 1.0.0  active\n"), "\(run.standardOutput)")
        #expect(run.standardOutput.contains("┌─ Comment\n│ Commenting on article 1 as ann\n"), "\(run.standardOutput)")
    }

    /// `open` exits with 4 when the screen it opened says that its isolated plugin stopped or did
    /// not answer, so that a script tells that from a screen shown.
    @Test func openExitsWithFourWhenItsScreensPluginStoppedOrHung() async throws {
        let scratch = try Scratch()
        _ = try scratch.copy(BuildProducts.probe, as: "libProbePlugin.so")
        for (url, status) in [
            ("app://probe/render-trap", 4), ("app://probe/load-hang", 4), ("app://probe/identity", 0),
        ] {
            let run = try await HostProcess.run(
                [
                    "open", url, "--with-bundled", "--plugins", scratch.directory.path, "--isolate", "Probe",
                    "--plugin-deadline", "1",
                ],
                environment: ["PLUGBOARD_PROBE_FAULTS": "1", "XDG_STATE_HOME": scratch.directory.path])
            #expect(run.status == Int32(status), "\(url): \(run.standardError)")
            #expect(run.standardOutput.contains(status == 4 ? "Stack: Probe stopped\n" : "Stack: "), "\(url)")
        }
    }

    /// A plugin that declares routes the plugins before it in the population's order own gives
    /// way to them wherever it runs: in the host's process, isolated with a task at launch (so
    /// that its process starts before the host's plugins load), or with every plugin loaded at
    /// launch; never the plugins whose routes it takes.
    @Test func aRouteConflictIsDecidedByThePopulationsOrderWhereverPluginsRun() async throws {
        let scratch = try Scratch()
        _ = try scratch.copy(BuildProducts.probe, as: "libProbePlugin.so")
        for placement in [[], ["--isolate", "Probe"], ["--isolate", "Probe", "--eager"], ["--isolate", "all"]] {
            let run = try await HostProcess.run(
                ["run", "--with-bundled", "--plugins", scratch.directory.path] + placement,
                input: "open app://login\n", environment: ["PLUGBOARD_PROBE_ROUTES": "app://tabs,app://login"])
            #expect(run.status == 1, "\(placement): \(run.standardError)")
            #expect(
                run.standardError.contains(
                    "libProbePlugin.so: plugin 'Probe' was not registered: registration refused, nothing was registered:\n"
                        + "  - route 'app://login' is owned by module AccountPlugin.AccountModule (libAccountPlugin.so); "
                        + "module ProbePlugin.ProbeModule (libProbePlugin.so) registers it again; rename one of the routes\n"
                ), "\(placement): \(run.standardError)")
            #expect(!run.standardError.contains("'Shell' was not registered"), "\(placement): \(run.standardError)")
            #expect(!run.standardError.contains("'Account' was not registered"), "\(placement): \(run.standardError)")
            #expect(!run.standardError.contains("Probe 0.0.1  (isolated"), "\(placement): \(run.standardError)")
            #expect(run.standardOutput.contains("┌─ Home\n"), "\(placement): \(run.standardOutput)")
            #expect(run.standardOutput.contains("┌─ Login\n│ Account: \n"), "\(placement): \(run.standardOutput)")
        }
    }

    /// A second copy of an isolated plugin, of another build, is refused as the host refuses one
    /// it would load, whether the first starts at once (--eager) or when first needed, and gets no
    /// process of its own; the first serves.
    @Test func aSecondCopyOfAnIsolatedPluginIsRefusedAsADuplicate() async throws {
        let scratch = try Scratch()
        _ = try scratch.otherGreeterBuild(as: "libGreeterPlugin.so")
        for (command, served) in [
            (["open", "app://greeter/hello", "--eager"], "  ✓ Greeter 1.0.0  (isolated, process "),
            (["list"], "  - Greeter 1.0.0  (isolated: starts when first needed)\n"),
        ] {
            let run = try await HostProcess.run(
                command + ["--with-bundled", "--plugins", scratch.directory.path, "--isolate", "Greeter"])
            #expect(run.status == 1)
            #expect(
                run.standardError.contains(
                    /libGreeterPlugin\.so: plugin 'Greeter' is already loaded from \S+\/libGreeterPlugin\.so; remove one of the copies\n/
                ),
                "\(run.standardError)")
            #expect(!run.standardError.contains("is registered by"), "\(run.standardError)")
            #expect(run.standardError.components(separatedBy: served).count == 2, "\(run.standardError)")
        }
    }

    /// `list` says where each plugin runs: an isolated one in a process of its own when first
    /// needed, with the startup tasks and services its manifest declares — even with `--eager`,
    /// list starts no plugin process.
    @Test func listShowsWhereEachPluginRuns() async throws {
        for eager in [["--eager"], []] {
            let text = try await HostProcess.run(["list", "--isolate", "Greeter"] + eager)
            #expect(text.status == 0, "\(text.standardError)")
            #expect(text.standardError.contains("  - Greeter 1.0.0  (isolated: starts when first needed)\n"))
            #expect(
                text.standardOutput.contains(
                    "  Greeter 1.0.0  \(try BuildProducts.greeter)\n    not loaded   until first needed, in a process of its own\n"
                ),
                "\(text.standardOutput)")
            #expect(text.standardOutput.contains("    runs         in the host's process\n"))
            #expect(
                text.standardOutput.contains(
                    "\n  greeter.prepare  [GreeterPlugin.GreeterModule, plugin Greeter, not loaded]\nServices\n"),
                "\(text.standardOutput)")
            #expect(
                text.standardOutput.contains("  GreeterPlugin.Greetings  [plugin Greeter, not loaded]\n"),
                "\(text.standardOutput)")
            let json = try await HostProcess.run(["list", "--isolate", "Greeter", "--json"] + eager)
            let listed = try JSONSerialization.jsonObject(with: Data(json.standardOutput.utf8)) as? [String: Any]
            let greeters = try #require(listed?["plugins"] as? [[String: Any]]).filter {
                $0["name"] as? String == "Greeter"
            }
            #expect(greeters.count == 1)
            #expect(greeters.first?["isolated"] as? Bool == true && greeters.first?["loaded"] as? Bool == false)
            #expect(greeters.first?["processID"] == nil, "\(greeters)")
            let tasks = try #require(listed?["tasks"] as? [[String: Any]]).filter {
                $0["plugin"] as? String == "Greeter"
            }
            #expect(tasks.map { $0["name"] as? String } == ["greeter.prepare"], "\(tasks)")
            #expect(tasks.first?["loaded"] as? Bool == false)
            let services = try #require(listed?["services"] as? [[String: Any]]).filter {
                $0["plugin"] as? String == "Greeter"
            }
            #expect(services.map { $0["type"] as? String } == ["GreeterPlugin.Greetings"], "\(services)")
        }
    }

    /// `list` and `routes` run no code of a plugin to isolate, in any process: the probe, whose
    /// module records its registration wherever it runs, records nothing; loaded in the host's
    /// process, it does.
    @Test func listingAPluginToIsolateRunsNoneOfItsCode() async throws {
        let scratch = try Scratch()
        _ = try scratch.copy(BuildProducts.probe, as: "libProbePlugin.so")
        let record = scratch.directory.appendingPathComponent("record")
        let plugins = ["--with-bundled", "--plugins", scratch.directory.path]
        for command in [["list", "--eager"], ["routes", "--eager"], ["list", "--json"]] {
            let run = try await HostProcess.run(
                command + plugins + ["--isolate", "Probe", "--grant", "Probe"],
                environment: ["PLUGBOARD_PROBE_RECORD": record.path])
            #expect(run.status == 0, "\(command): \(run.standardError)")
            #expect(!FileManager.default.fileExists(atPath: record.path), "\(command) ran the probe's code")
        }
        let inHost = try await HostProcess.run(
            ["list"] + plugins + ["--grant", "Probe"], environment: ["PLUGBOARD_PROBE_RECORD": record.path])
        #expect(inHost.status == 0, "\(inHost.standardError)")
        #expect((try? String(contentsOf: record, encoding: .utf8)) == "registered\n")
    }

    /// Isolating a plugin without the plugin it needs would part them: refused before anything
    /// runs, naming both and what to change.
    @Test func aPolicyThatPartsAGroupIsRefusedBeforeAnythingRuns() async throws {
        let run = try await HostProcess.run(["open", "app://circles", "--isolate", "Circles"])
        #expect(run.status == 1)
        #expect(
            run.standardError.contains(
                "error: Circles cannot be isolated without Shell: plugins joined by a dependency share services and "
                    + "libraries, so they run in one process; isolate both (Circles,Shell) or neither"),
            "\(run.standardError)")
        #expect(!run.standardError.contains("✓") && run.standardOutput.isEmpty, "\(run.standardError)")
    }

    /// A deadline that is not a number of seconds above 0 is a usage error, before anything runs.
    @Test(arguments: ["0", "-1", "soon"])
    func aPluginDeadlineThatIsNoDurationIsRefused(value: String) async throws {
        let run = try await HostProcess.run(["list", "--isolate", "all", "--plugin-deadline", value])
        #expect(run.status == 2, "\(run.standardError)")
        #expect(
            run.standardError.contains("--plugin-deadline takes a number of seconds above 0, such as 10 or 0.5"),
            "\(run.standardError)")
        #expect(run.standardOutput.isEmpty && !run.standardError.contains("✓"), "\(run.standardError)")
    }

    /// A trap as a screen renders, as it loads, and in an event handler: each ends only the
    /// plugin's process, named with the Swift runtime's message and place; the other screens
    /// work, and the plugin's next use starts it again.
    @Test(arguments: [
        ("open app://probe/render-trap\n", "the probe's screen traps as it renders"),
        ("open app://probe/load-trap\n", "the probe's screen traps as it loads"),
        ("post probe.ping\n", "the probe's event handler traps on purpose"),
    ])
    func aTrapAnywhereInAnIsolatedPluginEndsOnlyItsProcess(command: String, message: String) async throws {
        let scratch = try Scratch()
        _ = try scratch.copy(BuildProducts.probe, as: "libProbePlugin.so")
        let run = try await HostProcess.run(
            ["run", "--with-bundled", "--plugins", scratch.directory.path, "--isolate", "Probe"],
            input: command + "open app://blog\nopen app://probe/identity\nquit\n",
            environment: [
                "PLUGBOARD_PROBE_FAULTS": "1", "PLUGBOARD_PROBE_EVENT": "probe.ping",
                "PLUGBOARD_PROBE_EVENT_TRAPS": "1",
                "XDG_STATE_HOME": scratch.directory.path,
            ])
        #expect(run.status == 0, "\(run.standardError)")
        // Should the line be missing, the message says whether the process trapped: what the
        // shell printed, and the crash logs.
        let crashes = try? FileManager.default.contentsOfDirectory(
            atPath: scratch.directory.appendingPathComponent("plugboard/crashes").path)
        #expect(
            run.standardError.contains(
                "error: Probe 0.0.1 stopped: Fatal error: \(message) (ProbePlugin/ProbePlugin.swift:"),
            "\(run.standardError)\n--- output:\n\(run.standardOutput)\n--- crash logs: \(crashes ?? [])")
        if command.hasPrefix("open") {
            #expect(run.standardOutput.contains("┌─ Probe stopped\n│ Probe 0.0.1 stopped: Fatal error: \(message)"))
            // The screen that stopped the process is not built again when the next open starts
            // the plugin: it would stop it again.
            #expect(
                run.standardOutput.contains("Stack: Home > Probe stopped > Blog > Probe\n"), "\(run.standardOutput)")
        }
        #expect(run.standardOutput.contains("> open app://blog\n┌─ Blog\n"), "\(run.standardOutput)")
        #expect(
            run.standardOutput.contains("> open app://probe/identity\n┌─ Probe\n│ probe\n"), "\(run.standardOutput)")
        // Its message and backtrace, written to its standard error, are in its crash log only.
        let relayed = run.standardError.split(separator: "\n").filter {
            $0.hasPrefix("[Probe] ") && ($0.contains("Fatal error") || $0.contains("crashed"))
        }
        #expect(relayed.isEmpty, "\(run.standardError)")
    }

    /// The events the host posts reach an isolated plugin's handlers, and its shutdown work runs
    /// when the host terminates.
    @Test func eventsAndShutdownWorkCrossToAnIsolatedPlugin() async throws {
        let (run, record) = try await recordingProbe(
            ["run", "--with-bundled"], input: "post probe.ping\nquit\n",
            environment: ["PLUGBOARD_PROBE_EVENT": "probe.ping"])
        #expect(run.status == 0, "\(run.standardError)")
        // (The host reads the unsealed probe's declarations in a child of its own first: it registers there too.)
        #expect(
            try String(contentsOfFile: record, encoding: .utf8).hasSuffix("registered\nheard probe.ping\nshut down\n"))
        // What the handler printed in its process is shown, after the plugin's name.
        #expect(run.standardError.contains("[Probe] probe heard probe.ping\n"), "\(run.standardError)")
        #expect(run.standardOutput.contains("> post probe.ping\nposted probe.ping to ProbePlugin.ProbeModule\n"))
    }

    /// Each handler of an isolated plugin hears an event once, as it would in the host's process,
    /// however many handlers of it its modules registered.
    @Test(arguments: ["Probe", "none"])
    func eachHandlerHearsAnEventOnce(isolate: String) async throws {
        let scratch = try Scratch()
        _ = try scratch.copy(BuildProducts.probe, as: "libProbePlugin.so")
        let record = scratch.directory.appendingPathComponent("record").path
        let run = try await HostProcess.run(
            ["run", "--with-bundled", "--plugins", scratch.directory.path, "--isolate", isolate, "--grant", "Probe"],
            input: "post probe.ping\nquit\n",
            environment: [
                "PLUGBOARD_PROBE_EVENT": "probe.ping", "PLUGBOARD_PROBE_EVENT_TWICE": "1",
                "PLUGBOARD_PROBE_RECORD": record,
            ])
        #expect(run.status == 0, "\(run.standardError)")
        let heard = try String(contentsOfFile: record, encoding: .utf8)
        #expect(heard.hasSuffix("registered\nheard probe.ping\nheard probe.ping again\nshut down\n"), "\(heard)")
    }

    /// What an isolated plugin prints reaches the host's standard error line by line, after its
    /// name, and a last line without a newline once its process ends with the host. (Less than a
    /// pipe holds: the test reads the host's standard error once its output has ended.)
    @Test func whatAnIsolatedPluginPrintsIsShownAfterItsName() async throws {
        let (run, _) = try await recordingProbe(
            ["run", "--with-bundled"], input: "quit\n", environment: ["PLUGBOARD_PROBE_CHATTER": "24000"])
        #expect(run.status == 0, "\(run.standardError.suffix(2000))")
        let lines = run.standardError.split(separator: "\n")
        #expect(lines.filter { $0 == "[Probe] chatter" }.count == 3000, "\(run.standardError.suffix(2000))")
        #expect(lines.contains("[Probe] no newline"), "\(run.standardError.suffix(2000))")
    }

    /// In a process of several plugins, what one prints while the process runs its startup task or
    /// serves its request is shown after its own name, not the group's; what is printed outside
    /// any plugin's code (the greeter's goodbye, as the host terminates them together) after the
    /// group's.
    @Test func whatAPluginOfAGroupPrintsIsShownAfterItsOwnName() async throws {
        let scratch = try Scratch()
        _ = try scratch.copy(BuildProducts.probe, as: "libProbePlugin.so")
        let run = try await HostProcess.run(
            ["run", "--with-bundled", "--plugins", scratch.directory.path, "--isolate", "Probe,Greeter"],
            input: "post probe.ping\nopen app://greeter/hello\nquit\n",
            environment: [
                "PLUGBOARD_PROBE_EVENT": "probe.ping", "PLUGBOARD_PROBE_DEPENDENCIES": "Greeter >=1.0.0 <2.0.0",
                // After the greeter's task: while tasks of both run, what they print is the group's.
                "PLUGBOARD_PROBE_TASK_SAYS": "probe started", "PLUGBOARD_PROBE_TASK_AFTER": "greeter.prepare",
            ])
        #expect(run.status == 0, "\(run.standardError)")
        #expect(run.standardError.contains("[Probe] probe started\n"), "\(run.standardError)")
        #expect(run.standardError.contains("[Probe] probe heard probe.ping\n"), "\(run.standardError)")
        #expect(
            run.standardError.contains("[Greeter + Probe] greeter: said goodbye to Plugboard\n"),
            "\(run.standardError)")
        #expect(!run.standardError.contains("plugboard-speaker"), "\(run.standardError)")
    }

    /// What an isolated plugin prints past 5,000 lines a second is not shown, and a line says so,
    /// once; the host goes on.
    @Test func aFloodOfPrintedLinesIsCutToItsBudget() throws {
        let host = try isolatedProbe(
            state: try Scratch().directory, environment: ["PLUGBOARD_PROBE_CHATTER": "400000"])
        host.type("quit\n")
        let (status, _, problems) = try host.finish()
        #expect(status == 0, "\(problems.suffix(2000))")
        let lines = problems.split(separator: "\n")
        let shown = lines.filter { $0 == "[Probe] chatter" }.count
        #expect(shown >= 5_000 && shown < 40_000, "\(shown) of 50,000 shown")
        let said = "[Probe] (it printed more than 5000 lines a second; those past that are not shown)"
        #expect(lines.filter { $0 == said }.count == 1, "\(problems.suffix(2000))")
    }

    /// What an isolated plugin writes to its standard error is shown as what it prints is.
    @Test func whatAnIsolatedPluginWritesToStandardErrorIsShown() throws {
        let host = try isolatedProbe(
            state: try Scratch().directory, environment: ["PLUGBOARD_PROBE_COMPLAINT": "probe complains"])
        host.type("quit\n")
        let (status, _, problems) = try host.finish()
        #expect(status == 0, "\(problems)")
        #expect(problems.split(separator: "\n").contains("[Probe] probe complains"), "\(problems)")
    }

    /// A screen the host no longer shows is dropped in its plugin process.
    @Test func aPoppedScreenIsDroppedInItsPluginProcess() async throws {
        let (run, record) = try await recordingProbe(
            ["run", "--with-bundled"], input: "open app://probe/identity\nback\nopen app://probe/identity\nquit\n",
            environment: ["PLUGBOARD_PROBE_RELEASES": "1"])
        #expect(run.status == 0, "\(run.standardError)")
        let lines = try String(contentsOfFile: record, encoding: .utf8).split(separator: "\n")
        // The first screen, popped, before the host terminated (the second goes as the process
        // ends).
        let running = lines.prefix { $0 != "shut down" }
        #expect(running.count < lines.count && running.filter { $0 == "screen released" }.count == 1, "\(lines)")
    }

    /// An isolated plugin's startup tasks are in the launch report and the Chrome trace, with
    /// their outcomes and timings in its process.
    @Test func anIsolatedPluginsTasksAreInTheLaunchReportAndTrace() async throws {
        let scratch = try Scratch()
        _ = try scratch.copy(BuildProducts.probe, as: "libProbePlugin.so")
        let trace = scratch.directory.appendingPathComponent("launch.json").path
        let run = try await HostProcess.run(
            ["launch", "--with-bundled", "--plugins", scratch.directory.path, "--isolate", "Probe", "--trace", trace])
        #expect(run.status == 0, "\(run.standardError)")
        let report = try #require(run.standardOutput.firstRange(of: "Launch report of Probe 0.0.1, process "))
        #expect(
            run.standardOutput[report.upperBound...].contains(
                /\n  probe\.start  launch  start [0-9.]+ ms  took [0-9.]+ ms  slack [0-9.]+ ms  succeeded\n/),
            "\(run.standardOutput)")
        let events = try #require(
            (try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: trace))) as? [String: Any])?[
                "traceEvents"] as? [[String: Any]])
        let probe = try #require(events.first { $0["name"] as? String == "probe.start" })
        let process = try #require(
            events.first { $0["name"] as? String == "process_name" && $0["pid"] as? Int == probe["pid"] as? Int })
        #expect(
            (process["args"] as? [String: String])?["name"]?.hasPrefix("Probe 0.0.1, process ") == true, "\(process)")
        #expect(probe["pid"] as? Int != 1 && probe["ph"] as? String == "X", "\(probe)")
    }

    /// An isolated plugin's interceptor guards the host's routes (the host follows its redirect),
    /// and its fallback serves the URLs no route matches.
    /// An isolated plugin's interceptor of its own route decides once: the host asks it, and the
    /// plugin process then builds the screen without asking again.
    @Test func anIsolatedPluginsInterceptorOfItsOwnRouteDecidesOnce() async throws {
        let (run, record) = try await recordingProbe(
            ["open", "app://probe/identity"], environment: ["PLUGBOARD_PROBE_INTERCEPTS": "1"])
        #expect(run.status == 0, "\(run.standardError)")
        #expect(run.standardOutput.hasPrefix("┌─ Probe\n│ probe\n"), "\(run.standardOutput)")
        let lines = try String(contentsOfFile: record, encoding: .utf8).split(separator: "\n")
        #expect(lines.filter { $0 == "intercepted app://probe/identity" }.count == 1, "\(lines)")
    }

    @Test func anIsolatedPluginsInterceptorAndFallbackDecideInTheHost() async throws {
        let guarded = try await HostProcess.run(["open", "app://mine/wallet", "--isolate", "Account,Blog"])
        #expect(guarded.status == 0, "\(guarded.standardError)")
        #expect(
            guarded.standardOutput.hasPrefix("→ redirected to app://login?next=app%3A%2F%2Fmine%2Fwallet\n┌─ Login\n"),
            "\(guarded.standardOutput)")
        let scratch = try Scratch()
        _ = try scratch.copy(BuildProducts.probe, as: "libProbePlugin.so")
        let missing = try await HostProcess.run(
            [
                "open", "app://nowhere/at/all", "--with-bundled", "--plugins", scratch.directory.path, "--isolate",
                "Probe",
            ],
            environment: ["PLUGBOARD_PROBE_FALLBACK": "1"])
        #expect(missing.status == 0, "\(missing.standardError)")
        #expect(
            missing.standardOutput.hasPrefix("┌─ Nowhere\n│ the probe has nothing at app://nowhere/at/all\n"),
            "\(missing.standardOutput)")
    }
}

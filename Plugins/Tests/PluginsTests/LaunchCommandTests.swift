import Foundation
import Testing

/// `plugboard launch` and `plugboard graph` on the bundled plugins.
struct LaunchCommandTests {
    @Test func launchPrintsProgressAndTheReportAndWritesATrace() async throws {
        let scratch = try Scratch()
        let trace = scratch.directory.appendingPathComponent("launch.trace.json")
        let run = try await HostProcess.run(["launch", "--trace", trace.path])
        #expect(run.status == 0, "\(run.standardError)")
        // Progress on standard error, as in run and open; the report on standard output.
        #expect(run.standardError.contains("Launching\n"), "\(run.standardError)")
        #expect(run.standardError.contains("  ✓ greeter.prepare  [GreeterPlugin.GreeterModule]\n"))
        #expect(run.standardOutput.hasPrefix("Launch report  ("), "\(run.standardOutput)")
        #expect(run.standardOutput.contains("  critical path: shell.configuration -> shell.store -> "))
        #expect(run.standardOutput.contains("greeter: said goodbye to Plugboard\n"), "shutdown work ran")
        let json = try JSONSerialization.jsonObject(with: Data(contentsOf: trace)) as? [String: Any]
        let events = try #require(json?["traceEvents"] as? [[String: Any]])
        let greeter = try #require(events.first { $0["name"] as? String == "greeter.prepare" })
        #expect(events.count == 7)
        #expect((greeter["args"] as? [String: String])?["module"] == "GreeterPlugin.GreeterModule")
    }

    @Test func aTracePathThatCannotBeWrittenIsRefusedBeforeLoading() async throws {
        let scratch = try Scratch()
        let missing = scratch.directory.appendingPathComponent("missing")
        let cases = [
            (
                missing.appendingPathComponent("launch.json").path,
                "there is no directory \(missing.path); create it or choose another path"
            ),
            (scratch.directory.path, "it is a directory; name a file"),
        ]
        for (trace, problem) in cases {
            let run = try await HostProcess.run(["launch", "--trace", trace])
            #expect(run.status == 1)
            #expect(run.standardOutput.isEmpty, "nothing was loaded or launched")
            #expect(run.standardError == "error: cannot write the trace to \(trace): \(problem)\n")
        }
    }

    @Test func aTraceThatCannotBeWrittenAfterTheLaunchIsReportedOnceShutdownWorkRan() async throws {
        try #require(FileManager.default.fileExists(atPath: "/dev/full"), "/dev/full is a full device")
        let run = try await HostProcess.run(["launch", "--trace", "/dev/full"])
        #expect(run.status == 1)
        #expect(run.standardOutput.contains("critical path: "))
        #expect(
            run.standardOutput.hasSuffix("Terminating\ngreeter: said goodbye to Plugboard\n"), "\(run.standardOutput)")
        #expect(run.standardError.hasSuffix("error: cannot write the trace to /dev/full: No space left on device\n"))
    }

    @Test func aTerminationSignalRunsShutdownWork() async throws {
        let run = try await HostProcess.run(["launch", "--hold"]) { process, output in
            // Signal only once the host says it is waiting for one.
            let seen = output.read(until: "press Ctrl-C")
            process.terminate()
            return seen
        }
        #expect(run.status == 0, "\(run.standardError)")
        #expect(run.standardOutput.contains("Received SIGTERM, terminating\n"))
        #expect(run.standardOutput.contains("greeter: said goodbye to Plugboard\n"))
    }

    /// Runs `launch` on the probe plugin with `environment`, interrupting it once `first` is printed
    /// (by default, once the probe's task runs) and again after each line that contains one of
    /// `interruptAfter`.
    private func interruptedLaunch(
        environment: [String: String], first: String = "probe.start: waiting", watchingErrors: Bool = false,
        interruptAfter: [String]
    ) async throws -> HostProcess {
        let scratch = try Scratch()
        _ = try scratch.copy(BuildProducts.probe, as: "libProbePlugin.so")
        return try await HostProcess.run(
            ["launch", "--plugins", scratch.directory.path], environment: environment, watchingErrors: watchingErrors
        ) { process, output in
            var seen = ""
            for marker in [first] + interruptAfter {
                seen = output.read(until: marker, after: seen)
                process.interrupt()
            }
            return seen
        }
    }

    @Test func aSignalStopsTheLaunchAndTheApplicationTerminates() async throws {
        let run = try await interruptedLaunch(environment: ["PLUGBOARD_PROBE_SLOW": "1"], interruptAfter: [])
        #expect(run.status == 130, "\(run.standardError)")
        #expect(run.standardError.contains("Received SIGINT, stopping the launch (again to quit at once)\n"))
        #expect(run.standardOutput.contains("probe.start"))
        #expect(run.standardOutput.contains("cancelled"), "\(run.standardOutput)")
        #expect(
            run.standardError.hasSuffix("error: the launch was stopped before it finished (see the report above)\n"))
    }

    @Test func sigtermStoppingTheLaunchEndsWithStatus143() async throws {
        let scratch = try Scratch()
        _ = try scratch.copy(BuildProducts.probe, as: "libProbePlugin.so")
        let run = try await HostProcess.run(
            ["launch", "--plugins", scratch.directory.path], environment: ["PLUGBOARD_PROBE_SLOW": "1"]
        ) { process, output in
            let seen = output.read(until: "probe.start: waiting")
            process.terminate()
            return seen
        }
        #expect(run.status == 143, "\(run.standardError)")
        #expect(run.standardError.contains("Received SIGTERM, stopping the launch (again to quit at once)\n"))
    }

    @Test func aSignalSentAsSoonAsTheLaunchBeginsIsNeverLost() async throws {
        // The host arms its signal handling before it prints "Launching". Dispatch arms it on a
        // thread of its own, and a signal sent before that used to be ignored now and again (then
        // the probe's task ran its full minute and the launch succeeded); a few tries show it.
        for _ in 0..<8 {
            let run = try await interruptedLaunch(
                environment: ["PLUGBOARD_PROBE_SLOW": "1"], first: "Launching", watchingErrors: true,
                interruptAfter: [])
            #expect(run.status == 130, "\(run.standardOutput)")
            #expect(run.standardError.contains("Received SIGINT, stopping the launch (again to quit at once)\n"))
        }
    }

    /// The launch names the task it waits on; the first signal ends it even though the task
    /// ignores cancellation: the task is abandoned and named, and the other plugins' terminate
    /// work runs.
    @Test func aFirstSignalEndsALaunchWhoseTaskIgnoresCancellation() async throws {
        let scratch = try Scratch()
        _ = try scratch.copy(BuildProducts.probe, as: "libProbePlugin.so")
        let run = try await HostProcess.run(
            ["launch", "--with-bundled", "--plugins", scratch.directory.path],
            environment: ["PLUGBOARD_PROBE_STUCK": "1"], watchingErrors: true
        ) { process, output in
            let seen = output.read(until: "… still running: probe.start [ProbePlugin.ProbeModule], ")
            process.interrupt()
            return seen
        }
        #expect(run.status == 130, "\(run.standardError)")
        #expect(run.standardError.contains("Received SIGINT, stopping the launch (again to quit at once)\n"))
        #expect(
            run.standardError.contains("  ✗ probe.start  [ProbePlugin.ProbeModule]  abandoned after "),
            "\(run.standardError)")
        #expect(run.standardError.contains(" s: it did not end when the launch stopped\n"))
        #expect(run.standardOutput.contains("greeter: said goodbye to Plugboard\n"), "\(run.standardOutput)")
        #expect(
            run.standardError.hasSuffix("error: the launch was stopped before it finished (see the report above)\n"))
    }

    /// A task past the host's deadline quarantines its plugin and the rest launch; with
    /// `--strict` it ends the launch.
    @Test func aHungTaskTimesOutAndQuarantinesItsPlugin() async throws {
        let scratch = try Scratch()
        _ = try scratch.copy(BuildProducts.probe, as: "libProbePlugin.so")
        let arguments = ["launch", "--with-bundled", "--plugins", scratch.directory.path, "--task-timeout", "0.5"]
        let run = try await HostProcess.run(arguments, environment: ["PLUGBOARD_PROBE_STUCK": "1"])
        #expect(run.status == 3, "\(run.standardError)")
        #expect(
            run.standardError.contains("  ✗ probe.start  [ProbePlugin.ProbeModule]  timed out after 0.5 seconds\n"))
        #expect(
            run.standardOutput.contains(
                "  quarantined: Probe: required task 'probe.start' timed out after 0.5 seconds\n"),
            "\(run.standardOutput)")
        #expect(run.standardError.contains("  ✓ shell.analytics  [ShellPlugin.ShellModule]\n"))
        let strict = try await HostProcess.run(arguments + ["--strict"], environment: ["PLUGBOARD_PROBE_STUCK": "1"])
        #expect(strict.status == 1, "\(strict.standardError)")
        #expect(
            strict.standardError.contains(
                "required task 'probe.start' of module ProbePlugin.ProbeModule"),
            "\(strict.standardError)")
    }

    /// A plugin that needs a refused one is refused before it loads, its tasks with it, and the
    /// rest launch.
    @Test func aPluginNeedingARefusedPluginIsRefusedAndTheRestLaunch() async throws {
        let scratch = try Scratch()
        _ = try scratch.copy(BuildProducts.path("libCirclesPlugin.so"), as: "libCirclesPlugin.so")
        _ = try scratch.copy(BuildProducts.greeter, as: "libGreeterPlugin.so")
        try Data("junk".utf8).write(to: scratch.directory.appendingPathComponent("libShellPlugin.so"))
        let run = try await HostProcess.run(["launch", "--plugins", scratch.directory.path])
        #expect(run.status == 1)
        #expect(!run.standardOutput.contains("circles.load-joined"), "\(run.standardOutput)")
        #expect(run.standardError.contains("  ✓ greeter.prepare  [GreeterPlugin.GreeterModule]\n"))
        #expect(run.standardError.contains("libShellPlugin.so: not a loadable shared object"))
        #expect(
            run.standardError.contains(
                "error: Circles 1.0.0 not loaded: it needs Shell >=1.0.0 <2.0.0, and no Shell is installed"))
    }

    @Test func graphPrintsPureDOTOnStandardOutput() async throws {
        let run = try await HostProcess.run(["graph", "--format", "dot"])
        #expect(run.status == 0, "\(run.standardError)")
        #expect(run.standardOutput.hasPrefix("digraph startup {\n"))
        #expect(
            run.standardOutput.contains(
                "\"greeter.prepare\" [label=\"greeter.prepare\\nmodule GreeterPlugin.GreeterModule (libGreeterPlugin.so)\"];"
            ))
        #expect(run.standardError.contains("✓ Greeter 1.0.0"))
    }

    @Test func graphReadsTheGraphOfAnIsolatedGroupFromItsManifests() async throws {
        let run = try await HostProcess.run(["graph", "--isolate", "Shell,Circles"])
        #expect(run.status == 0, "\(run.standardError)")
        // Shell and Circles are not loaded here: their graph is the one their process launches.
        #expect(!run.standardOutput.contains("✓ Shell"))
        #expect(
            run.standardOutput.contains(
                "  - Shell 1.0.0 + Circles 1.0.0  (isolated together: not loaded here; their graph is read from "
                    + "their manifests)\n"))
        #expect(
            run.standardOutput.contains(
                "Startup tasks in the host's process\n"
                    + "  greeter.prepare  launch  [module GreeterPlugin.GreeterModule (libGreeterPlugin.so)]\n"))
        #expect(
            run.standardOutput.contains(
                "Startup tasks in the process of Shell 1.0.0 + Circles 1.0.0 (from their manifests)\n"
                    + "  shell.configuration  launch  [module ShellPlugin.ShellModule (libShellPlugin.so)]\n"))
        #expect(
            run.standardOutput.contains(
                "  shell.root-screen  launch  after shell.store, shell.logging  (main actor)  "
                    + "[module ShellPlugin.ShellModule (libShellPlugin.so)]\n"))
        #expect(
            run.standardOutput.contains(
                "  circles.load-joined  launch  after shell.store  [module CirclesPlugin.CirclesModule (libCirclesPlugin.so)]"
            ))
    }

    @Test func graphDrawsEachProcessAsACluster() async throws {
        let run = try await HostProcess.run(["graph", "--isolate", "all", "--format", "dot"])
        #expect(run.status == 0, "\(run.standardError)")
        #expect(run.standardOutput.hasPrefix("digraph startup {\n"))
        #expect(run.standardOutput.contains("label=\"the host's process\";"))
        // Greeter is not needed at launch: its process, and its task, start when it is first needed.
        #expect(
            run.standardOutput.contains(
                "label=\"the process of Greeter 1.0.0 (from its manifest; it starts when first needed)\";"))
        #expect(
            run.standardOutput.contains("label=\"the process of Shell 1.0.0 + Circles 1.0.0 (from their manifests)\";"))
        #expect(run.standardOutput.contains("\"1:shell.store\" -> \"1:circles.load-joined\";"))
        #expect(
            run.standardError.contains(
                "- Greeter 1.0.0  (isolated: not loaded here; its graph is read from its manifest)"))
    }

    @Test func graphRefusesAnIsolationThatPartsPluginsJoinedByADependency() async throws {
        let run = try await HostProcess.run(["graph", "--isolate", "Circles"])
        #expect(run.status == 1)
        #expect(
            run.standardError.contains(
                "error: Circles cannot be isolated without Shell: plugins joined by a dependency share services and "
                    + "libraries, so they run in one process; isolate both (Circles,Shell) or neither"),
            "\(run.standardError)")
        // Refused before any plugin is loaded.
        #expect(!run.standardOutput.contains("✓"), "\(run.standardOutput)")
    }

    @Test func graphRejectsAnUnknownFormat() async throws {
        let run = try await HostProcess.run(["graph", "--format", "svg"])
        #expect(run.status == 2)
        #expect(run.standardError.contains("unknown format 'svg'; use text or dot"))
    }
}

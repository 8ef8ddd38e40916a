import Foundation
import Plugboard
import Testing

/// An isolated plugin that writes to its host's socket what it likes harms only itself: a forged
/// `ready` whose values cannot be true, a message only the host sends, an answer to a request
/// never asked each stop its process, named with what it broke; a flood of navigations is cut to
/// its budget, said once. The host goes on, and its exit status says what failed.
struct HostilePluginTests {
    private let scratch: Scratch

    init() throws {
        scratch = try Scratch()
        _ = try scratch.copy(BuildProducts.probe, as: "libProbePlugin.so")
    }

    /// Runs `command` with the probe isolated and `environment`, typing `input`.
    private func run(_ command: String, input: String = "", _ environment: [String: String]) async throws -> HostProcess
    {
        try await HostProcess.run(
            [command, "--with-bundled", "--plugins", scratch.directory.path, "--isolate", "Probe", "--grant", "Probe"],
            input: input,
            environment: environment.merging(["XDG_STATE_HOME": scratch.directory.path]) { _, set in set })
    }

    @Test(arguments: ["launch", "demo", "run"])
    func aForgedReadyWithValuesThatCannotBeTrueIsRefused(command: String) async throws {
        let run = try await run(command, ["PLUGBOARD_PROBE_FORGED_READY": "1"])
        // Not a trap (132): the probe is refused, the others run.
        #expect(run.status == 1, "\(run.standardError)")
        #expect(
            run.standardError.contains(
                "error: Probe 0.0.1 could not run isolated: the plugin process could not start: it broke the wire's "
                    + "protocol: its ready's launch report cannot be true: its launch's duration is "),
            "\(run.standardError)")
        #expect((run.standardOutput + run.standardError).contains("  ✓ Shell 1.0.0"), "\(run.standardError)")
    }

    @Test(arguments: [
        ("forge-kind", "it sent a 'hello' message, which only the host sends"),
        ("forge-answer", "it sent a 'done' message in answer to request 1000000, which no one waits on"),
    ])
    func aMessageOutOfTurnStopsThePluginNamingWhatItBroke(action: String, broke: String) async throws {
        let run = try await run(
            "run", input: "open app://probe/identity\ndo \(action)\nstack\nopen app://probe/identity\nstack\n",
            ["PLUGBOARD_PROBE_HOSTILE": "1"])
        #expect(run.status == 0, "\(run.standardError)")
        let stop = "error: Probe 0.0.1 stopped: it broke the wire's protocol: \(broke); so its process was stopped"
        #expect(run.standardError.components(separatedBy: stop).count == 2, "\(run.standardError)")
        // The host goes on, and the probe starts again when it is opened again; the screen whose
        // action it answered so is built again (the action is not taken again).
        #expect(run.standardOutput.contains("> stack\nStack: Home > Probe stopped\n"), "\(run.standardOutput)")
        #expect(run.standardOutput.hasSuffix("> stack\nStack: Home > Probe > Probe\n"), "\(run.standardOutput)")
    }

    /// The host's side of the wire against a hostile peer: in each round, the probe, started again,
    /// sends the frames a seed picks (messages of every kind with numbers the host knows and
    /// extremes, messages only the host sends, changed bytes, bytes that are no message, lengths
    /// larger than allowed, a frame left part way). The host never traps, and answers the
    /// command after each round; each violation stops the probe, named. PLUGBOARD_WIRE_FUZZ_ROUNDS
    /// sets the rounds (100 by default), PLUGBOARD_WIRE_FUZZ_SEED the first seed.
    @Test func theHostOutlivesAHostilePeerOnItsWire() async throws {
        let environment = ProcessInfo.processInfo.environment
        let rounds = environment["PLUGBOARD_WIRE_FUZZ_ROUNDS"].flatMap(Int.init) ?? 100
        let first = environment["PLUGBOARD_WIRE_FUZZ_SEED"].flatMap(UInt64.init) ?? UInt64.random(in: 1...1 << 40)
        let seeds = first..<(first + UInt64(rounds))
        let script = seeds.map { "restart Probe\nopen app://probe/identity\ndo fuzz \($0)\nback\nback\nback\n" }
        let run = try await HostProcess.run(
            [
                "run", "--with-bundled", "--plugins", scratch.directory.path, "--isolate", "Probe", "--grant", "Probe",
                "--plugin-deadline", "0.5",
            ],
            input: script.joined() + "open app://blog\n",
            environment: ["PLUGBOARD_PROBE_HOSTILE": "1", "XDG_STATE_HOME": scratch.directory.path])
        let replay = "PLUGBOARD_WIRE_FUZZ_SEED=\(first) PLUGBOARD_WIRE_FUZZ_ROUNDS=\(rounds)"
        // A status, not a signal: the host ended by itself, its last command answered.
        #expect([0, 1].contains(run.status), "\(replay)\n\(run.standardError.suffix(3000))")
        #expect(run.standardOutput.hasSuffix("Stack: Home > Blog\n"), "\(replay)\n\(run.standardOutput.suffix(2000))")
        #expect(!run.standardError.contains("Fatal error"), "\(replay)\n\(run.standardError.suffix(3000))")
        let stops = run.standardError.split(separator: "\n").filter {
            $0.hasPrefix("error: Probe 0.0.1 stopped: it broke the wire's protocol: ")
                || $0.hasPrefix("error: Probe 0.0.1 stopped: it sent what is no message of the wire")
                || $0.hasPrefix("error: Probe 0.0.1 is not responding")
        }
        let answered = run.standardOutput.components(separatedBy: "> do fuzz ").count - 1
        #expect(answered == rounds, "\(replay): \(answered) rounds answered")
        #expect(stops.count >= rounds / 2, "\(replay): \(stops.count) stops\n\(run.standardError.suffix(3000))")
        print("wire fuzz: \(rounds) rounds from seed \(first), \(stops.count) stops for what the probe sent")
    }

    /// What a plugin starts in a session of its own ends with its process: when the plugin is
    /// replaced, when the host ends, when the host is killed, and, where the plugin process runs in
    /// a process namespace of its own, when it is killed itself.
    @Test(arguments: ["reload", "quit", "kill"] + (KernelConfinement.current.processNamespaces ? ["kill plugin"] : []))
    func aProcessAPluginStartsEndsWithIt(ending: String) throws {
        let seconds = "3599.\(UInt32.random(in: 1...UInt32.max))"
        let host = try RunningHost(
            ["run", "--with-bundled", "--plugins", scratch.directory.path, "--isolate", "Probe", "--grant", "Probe"],
            environment: [
                "PLUGBOARD_PROBE_HOSTILE": "1", "PLUGBOARD_PROBE_ESCAPE_SECONDS": seconds,
                "XDG_STATE_HOME": scratch.directory.path,
            ])
        host.type("open app://probe/identity\ndo escape\n")
        let escaped = ProcessTable.waitFor { ProcessTable.running(commandLine: ["sleep", seconds]) }
        #expect(escaped.count == 1, "the probe's process did not start")
        switch ending {
        case "reload":
            host.type("reload Probe\nstack\n")
            host.read(until: "> stack\n")
        case "kill": kill(host.processIdentifier, SIGKILL)
        case "kill plugin":
            for process in ProcessTable.pluginProcesses(of: host.processIdentifier) { kill(process, SIGKILL) }
        default: _ = try host.finish()
        }
        let left = ProcessTable.running(escaped, after: 5)
        if ending != "quit" { _ = try host.finish() }
        for process in left { kill(process, SIGKILL) }
        #expect(left.isEmpty, "still running after \(ending)")
    }

    @Test func aFloodOfNavigationsIsCutToItsBudgetSaidOnce() async throws {
        let run = try await run(
            "run", input: "open app://probe/identity\ndo flood\nstack\n", ["PLUGBOARD_PROBE_HOSTILE": "1"])
        #expect(run.status == 0, "\(run.standardError)")
        let told = "error: Probe 0.0.1 asked for more than 50 navigations a second; those past that are dropped\n"
        #expect(run.standardError.components(separatedBy: told).count == 2, "\(run.standardError)")
        // 200,000 asked for; the budget's burst, and what it refilled while the rest was read, followed.
        let stack = try #require(run.standardOutput.split(separator: "\n").last { $0.hasPrefix("Stack: ") })
        let depth = stack.components(separatedBy: " > ").count
        #expect(depth > 2 + 50 && depth < 2_000, "\(depth) screens")
    }
}

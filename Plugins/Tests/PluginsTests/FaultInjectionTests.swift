import Foundation
import Glibc
import Testing

/// The host survives its plugin processes being killed at random: a scripted journey over every
/// plugin isolated goes on, each step showing its screen or the placeholder of the plugins that
/// stopped, and at the end no child is left unreaped and the host holds the descriptors it held at
/// the start. PLUGBOARD_FAULT_STEPS sets the journey's length (200 by default; 1,000 or more for a
/// long run), PLUGBOARD_FAULT_SEED its random choices.
struct FaultInjectionTests {
    /// A route of each plugin process, with its screen's title, and the title of the placeholder
    /// its process's stop shows.
    static let routes: [(url: String, title: String, stopped: String)] = [
        ("app://circles", "Circles", "Shell + Circles stopped"),
        ("app://blog", "Blog", "Account + Blog stopped"),
        ("app://blog/articles/1", "Article", "Account + Blog stopped"),
        ("app://mine", "Mine", "Account + Blog stopped"),
        ("app://greeter/hello", "Greeting", "Greeter stopped"),
        ("app://probe/identity", "Probe", "Probe stopped"),
    ]

    @Test func aJourneyGoesOnWhileIsolatedProcessesAreKilledAtRandom() throws {
        let environment = ProcessInfo.processInfo.environment
        let steps = environment["PLUGBOARD_FAULT_STEPS"].flatMap(Int.init) ?? 200
        let seed = environment["PLUGBOARD_FAULT_SEED"].flatMap(UInt64.init) ?? UInt64.random(in: 1...UInt64.max)
        var random = SeededRandom(seed: seed)
        let scratch = try Scratch()
        _ = try scratch.copy(BuildProducts.probe, as: "libProbePlugin.so")
        let host = try RunningHost(
            ["run", "--with-bundled", "--plugins", scratch.directory.path, "--isolate", "all"],
            // Its time limit allows for a loaded machine: beside the test run's builds in CI, 149
            // steps took more than 260 s, and the watchdog's SIGKILL was taken for the host's end.
            environment: ["XDG_STATE_HOME": scratch.directory.path], timeLimit: 300 + 3 * steps)
        host.read(until: "Stack: Home\n")
        // One process per group needed at launch: Greeter's starts when it is first needed.
        #expect(ProcessTable.pluginProcesses(of: host.processIdentifier).count == 3, "one process per group")
        // A first round — every route opened, every process killed and started again — so that what
        // the host opens once and keeps (a timer's descriptor, say) is open before the count.
        for route in Self.routes {
            host.type("open \(route.url)\n")
            host.read(until: "\nStack: ", after: host.read(until: "> open \(route.url)\n"))
        }
        for process in ProcessTable.pluginProcesses(of: host.processIdentifier) { kill(process, SIGKILL) }
        for route in Self.routes {
            host.type("open \(route.url)\n")
            host.read(until: "\nStack: ", after: host.read(until: "> open \(route.url)\n", after: host.seen.endIndex))
        }
        // Every process running: a route opened while its process was dying shows the stop instead.
        restartAll(host)
        // The process the restarts prepared ahead is started, and waits.
        #expect(host.spareProcess() != nil, "no plugin process was prepared ahead")
        let descriptors = ProcessTable.openDescriptors(of: host.processIdentifier)
        let held = ProcessTable.descriptors(of: host.processIdentifier)
        var depth = 1 + 2 * Self.routes.count
        var killed: [Int32] = []
        var placeholders = 0
        var restarts = 0
        for step in 0..<steps {
            let context = "step \(step) of the journey with PLUGBOARD_FAULT_SEED=\(seed)"
            let killsNow = random.next(below: 4) == 0
            let killFirst = random.next(below: 2) == 0
            if killsNow && killFirst { killed += killAChild(of: host.processIdentifier, random: &random) }
            let route =
                depth > 1 && random.next(below: 3) == 0 ? nil : Self.routes[random.next(below: Self.routes.count)]
            let start = host.seen.endIndex
            host.type(route.map { "open \($0.url)\n" } ?? "back\n")
            if killsNow && !killFirst { killed += killAChild(of: host.processIdentifier, random: &random) }
            host.read(until: "\nStack: ", after: start)
            guard let end = host.seen[start...].range(of: "\nStack: ")?.upperBound else {
                Issue.record("the host ended at \(context): \(host.seen[start...])")
                return
            }
            let stackEnd = host.read(until: "\n", after: end)
            let shown = host.seen[start..<stackEnd]
            depth = host.seen[end..<stackEnd].components(separatedBy: " > ").count
            let title = shown.firstMatch(of: /┌─ ([^\n]*)\n/).map { String($0.1) }
            if let route {
                #expect(
                    title == route.title || title == route.stopped, "\(context): \(route.url) showed \(shown)")
            } else {
                #expect(title != nil, "\(context): back showed \(shown)")
            }
            if title?.hasSuffix(" stopped") == true { placeholders += 1 }
            // A process that stopped too often stays stopped until restarted (its placeholder says
            // how): the journey restarts it.
            if let name = shown.firstMatch(of: /restart (\w+)\)\n/)?.1 {
                let restart = host.seen.endIndex
                // `stack` after it: a restart that fails says so on standard error alone.
                host.type("restart \(name)\nstack\n")
                host.read(until: "> stack\nStack: ", after: restart)
                guard host.seen[restart...].contains("restarted ") else {
                    // The host may have ended: what it said last, and how it ended, say why.
                    let (status, _, problems) = try host.finish()
                    let ending = problems.suffix(3000)
                    Issue.record(
                        "\(context): restart showed \(host.seen[restart...]); the host ended with status \(status), its standard error ending: \(ending)"
                    )
                    return
                }
                restarts += 1
            }
        }
        // Every process running again, the host holds what it held at the start, and no child is
        // left unreaped. A process killed at the last steps may still be ending (its backtracer
        // writes its report), running to a restart's eyes: the restarts come once it has ended.
        let ended = ContinuousClock.now + .seconds(10)
        while ProcessTable.children(of: host.processIdentifier).contains(where: { killed.contains($0.pid) }),
            .now < ended
        {
            usleep(50_000)
        }
        restartAll(host)
        func allRunningAndReaped() -> Bool {
            ProcessTable.pluginProcesses(of: host.processIdentifier).count == 4
                && ProcessTable.children(of: host.processIdentifier).allSatisfy { $0.state != "Z" }
        }
        let restarted = ContinuousClock.now + .seconds(10)
        while !allRunningAndReaped() && .now < restarted { usleep(50_000) }
        #expect(allRunningAndReaped(), "\(ProcessTable.children(of: host.processIdentifier))")
        // What a process killed last wrote is read for up to 2 seconds (its backtracer may hold
        // its output open): its descriptors close then.
        let settled = ContinuousClock.now + .seconds(5)
        while ProcessTable.openDescriptors(of: host.processIdentifier) != descriptors && .now < settled {
            usleep(50_000)
        }
        #expect(
            ProcessTable.openDescriptors(of: host.processIdentifier) == descriptors,
            "\(held) then \(ProcessTable.descriptors(of: host.processIdentifier))")
        let (status, _, problems) = try host.finish()
        #expect(status == 0, "\(problems.suffix(2000))")
        #expect(killed.count > steps / 8 && placeholders > 0, "\(killed.count) kills, \(placeholders) placeholders")
        print(
            "fault injection: \(steps) steps, \(killed.count) kills, \(placeholders) placeholders, \(restarts) restarts"
        )
    }

    /// Starts every plugin process of `host` that does not run, and waits until the shell has.
    private func restartAll(_ host: RunningHost) {
        let start = host.seen.endIndex
        host.type("restart Shell\nrestart Account\nrestart Greeter\nrestart Probe\nstack\n")
        host.read(until: "> stack\nStack: ", after: start)
    }

    /// Sends SIGKILL, SIGSEGV or SIGABRT to one of the plugin processes of `host`, the one it
    /// prepared ahead included, if it has one; returns the one it killed.
    private func killAChild(of host: Int32, random: inout SeededRandom) -> [Int32] {
        let running = ProcessTable.pluginProcesses(of: host) + ProcessTable.spareProcesses(of: host)
        guard !running.isEmpty else { return [] }
        let child = running[random.next(below: running.count)]
        let signal = [SIGKILL, SIGSEGV, SIGABRT][random.next(below: 3)]
        return kill(child, signal) == 0 ? [child] : []
    }
}

/// A generator of the same choices from the same seed (SplitMix64), so that a failing journey
/// can be played again.
struct SeededRandom {
    private var state: UInt64

    init(seed: UInt64) { state = seed }

    /// A number in `0..<bound`.
    mutating func next(below bound: Int) -> Int {
        state &+= 0x9E37_79B9_7F4A_7C15
        var mixed = state
        mixed = (mixed ^ (mixed >> 30)) &* 0xBF58_476D_1CE4_E5B9
        mixed = (mixed ^ (mixed >> 27)) &* 0x94D0_49BB_1331_11EB
        mixed ^= mixed >> 31
        return Int(mixed % UInt64(bound))
    }
}

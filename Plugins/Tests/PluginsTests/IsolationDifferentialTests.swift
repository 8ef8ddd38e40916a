import Foundation
import Testing

/// Isolation changes nothing a person reads: the same random journeys through the bundled app,
/// typed into a host that runs every plugin in its own process and into one that runs them all
/// in its process, show the same screens, actions, stacks and errors, step for step. A journey
/// is chosen from what the host in process shows, so it follows the app's flows (logging in,
/// commenting, paging). PLUGBOARD_JOURNEY_SEED replays one journey, PLUGBOARD_JOURNEY_STEPS sets
/// the length (300 by default).
struct IsolationDifferentialTests {
    /// The titles of the screens the journeys must pass through, so that they cover the app.
    static let titles: Set = ["Home", "Circles", "Blog", "Article", "Login", "Mine", "Wallet", "Greeting", "Comment"]

    @Test func randomJourneysReadTheSameInTheHostsProcessAndIsolated() throws {
        let environment = ProcessInfo.processInfo.environment
        let steps = environment["PLUGBOARD_JOURNEY_STEPS"].flatMap(Int.init) ?? 300
        let seeds =
            environment["PLUGBOARD_JOURNEY_SEED"].flatMap(UInt64.init).map { [$0] }
            ?? (0..<3).map { _ in UInt64.random(in: 1...UInt64.max) }
        var titles: Set<String> = []
        var loggedIn = false
        for seed in seeds {
            let shown = try compareJourney(seed: seed, steps: steps)
            titles.formUnion(shown.matches(of: /┌─ ([^\n]*)\n/).map { String($0.1) })
            loggedIn = loggedIn || shown.contains("│ Logged in as ")
        }
        guard environment["PLUGBOARD_JOURNEY_SEED"] == nil else { return }
        #expect(titles.isSuperset(of: Self.titles), "the journeys missed \(Self.titles.subtracting(titles))")
        #expect(loggedIn, "no journey logged in")
    }

    /// Takes the journey `seed` chooses in both hosts, comparing each step; returns what the host
    /// in process showed.
    private func compareJourney(seed: UInt64, steps: Int) throws -> String {
        let inProcess = try RunningHost(["run"], timeLimit: 60 + steps, mergingErrors: true)
        let isolated = try RunningHost(["run", "--isolate", "all"], timeLimit: 60 + steps, mergingErrors: true)
        defer {
            _ = try? inProcess.finish()
            _ = try? isolated.finish()
        }
        inProcess.read(until: "Stack: Home\n")
        isolated.read(until: "Stack: Home\n")
        var journey = Journey(seed: seed)
        var actions = Journey.actions(in: inProcess.seen[...])
        var shown = ""
        for step in 0..<steps {
            let command = journey.next(after: actions)
            let expected = Self.step(inProcess, command)
            let seen = Self.step(isolated, command)
            guard expected == seen else {
                Issue.record(
                    """
                    step \(step) of the journey PLUGBOARD_JOURNEY_SEED=\(seed) reads differently isolated; \
                    its commands:
                    \(journey.commands.joined(separator: "\n"))
                    in the host's process:
                    \(expected)
                    isolated:
                    \(seen)
                    """)
                break
            }
            shown += expected
            actions = Journey.actions(in: expected[...])
        }
        return shown
    }

    /// Types `command` into `host` and returns what it printed for it, up to the next prompt,
    /// without what only tells where a plugin runs: the lines of an activation (its startup tasks,
    /// how long it took) and the name before a plugin process's output.
    private static func step(_ host: RunningHost, _ command: String) -> String {
        let start = host.seen.endIndex
        // `stack` is read only once the command is done; its line ends the step.
        host.type(command + "\nstack\n")
        let end = host.read(until: "\n> stack\n", after: start)
        let stackEnd = host.read(until: "\n", after: end)
        let printed = host.seen[start..<stackEnd]
        return printed.split(separator: "\n", omittingEmptySubsequences: false)
            .filter { !$0.hasPrefix("activated ") && $0.firstMatch(of: #/^  ✓ [a-z.-]+  \[/#) == nil }
            .map { $0.replacing(#/^\[[^\]]+\] /#, with: "") }
            .joined(separator: "\n")
    }
}

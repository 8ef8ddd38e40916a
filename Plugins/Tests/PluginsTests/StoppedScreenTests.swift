import Foundation
import Plugboard
import Testing

/// A screen of an isolated plugin stays bound to the process that showed it: once that process
/// has ended, it says so, and its actions go to no later process (which knows other screens by
/// the same numbers), until it is built again from its URL in the process running now.
struct StoppedScreenTests {
    @Test func aScreenOfAStoppedProcessIsBuiltAgainOnlyOnceAskedWhenAnotherRequestStartedIt() async throws {
        let registry = Registry()
        let probe = try await IsolatedPlugin.start(
            files: [try BuildProducts.probe], command: [try BuildProducts.host, "plugin-process"])
        try probe.register(into: registry)
        let navigator = await Navigator(registry: registry)
        try await navigator.open("app://probe/identity")
        let first = try #require(probe.processID)
        kill(first, SIGKILL)
        let seen = ContinuousClock.now + .seconds(10)
        while probe.processID != nil && .now < seen { try await Task.sleep(for: .milliseconds(10)) }
        #expect(await shown(by: navigator).title == "Probe stopped")
        // Started again by a request that opens no screen: the screen still shows the stop, and
        // offers only to go back.
        try await probe.restart()
        let second = try #require(probe.processID)
        defer { kill(second, SIGKILL) }
        #expect(second != first)
        let stopped = await shown(by: navigator)
        #expect(stopped.title == "Probe stopped" && stopped.actions == ["back"], "\(stopped)")
        let rebuilt = await navigator.rebuildStoppedScreens()
        #expect(rebuilt.rebuilt == 1 && rebuilt.removed.isEmpty, "\(rebuilt)")
        let shown = await shown(by: navigator)
        #expect(shown.title == "Probe" && shown.text == "probe" && shown.stack == "Probe", "\(shown)")
        // The stopped screen it replaced, and its view model, are gone.
        let leaks = await navigator.leaks
        #expect(leaks.isEmpty, "\(leaks)")
        // Nothing is stopped now: asking again rebuilds nothing.
        #expect(await navigator.rebuildStoppedScreens().rebuilt == 0)
    }

    /// Requests that come while a stopped plugin's new process starts wait for that process: one
    /// starts, however many ask for it at once, and each request goes to it.
    @Test func requestsThatComeAtOnceAfterAStopStartOneProcess() async throws {
        let scratch = try Scratch()
        let (probe, file) = try await stoppedProbe(in: scratch)
        async let one: Void = probe.restart()
        async let two: Void = probe.restart()
        async let three: Void = probe.restart()
        _ = try await (one, two, three)
        let second = try #require(probe.processID)
        defer { kill(second, SIGKILL) }
        #expect(
            ProcessTable.pluginProcesses(of: getpid(), serving: file) == [second],
            "one process serves the probe, the one it runs")
    }

    /// A new build's process that replaces a stopped plugin's, asked for while a restart starts
    /// one (a reload beside a request, say), starts after it: one process is left, the plugin's.
    @Test func aReplacementAskedForWhileARestartStartsAProcessLeavesOneProcess() async throws {
        let scratch = try Scratch()
        let (probe, file) = try await stoppedProbe(in: scratch)
        async let restarted: Void = probe.restart()
        async let replaced: Void = probe.replace()
        _ = try await (restarted, replaced)
        let running = try #require(probe.processID)
        defer { kill(running, SIGKILL) }
        // The process a replacement ends may take a moment to go.
        let ended = ContinuousClock.now + .seconds(10)
        while ProcessTable.pluginProcesses(of: getpid(), serving: file).count > 1 && .now < ended {
            try await Task.sleep(for: .milliseconds(10))
        }
        #expect(
            ProcessTable.pluginProcesses(of: getpid(), serving: file) == [running],
            "one process serves the probe, the one it runs")
    }

    /// The probe, isolated from a file of its own in `scratch` (so that the processes that loaded
    /// it are told from others), its process killed and seen to stop; and that file.
    private func stoppedProbe(in scratch: Scratch) async throws -> (IsolatedPlugin, file: String) {
        let file = try scratch.copy(BuildProducts.probe, as: "libProbePlugin.so")
        let probe = try await IsolatedPlugin.start(files: [file], command: [try BuildProducts.host, "plugin-process"])
        kill(try #require(probe.processID), SIGKILL)
        let seen = ContinuousClock.now + .seconds(10)
        while probe.processID != nil && .now < seen { try await Task.sleep(for: .milliseconds(10)) }
        try #require(probe.processID == nil)
        return (probe, file)
    }

    /// A request that met its process's stop returns only once the stop is reported, however
    /// long the report takes, and whichever thread saw the end first: a host that goes on to end
    /// would otherwise cut the report short.
    @Test func aRequestThatMeetsAStopReturnsOnlyOnceTheStopIsReported() async throws {
        let reports = Reports()
        let registry = Registry()
        let probe = try await IsolatedPlugin.start(
            files: [try BuildProducts.probe], command: [try BuildProducts.host, "plugin-process"],
            onStop: { error in
                // A slow report: a crash log written to a slow disk, say.
                usleep(300_000)
                reports.lines.withLock { $0.append("\(error)") }
            })
        try probe.register(into: registry)
        let navigator = await Navigator(registry: registry)
        try await navigator.open("app://probe/identity")
        // The probe's `exit` ends its process as the action runs.
        try await navigator.perform("exit")
        let lines = reports.lines.withLock { $0 }
        #expect(lines.count == 1 && lines[0].hasPrefix("Probe 0.0.1 stopped: ended with status 3"), "\(lines)")
        #expect(await shown(by: navigator).title == "Probe stopped")
    }

    /// The stops an `onStop` handler was told of.
    private final class Reports: Sendable {
        let lines = Locked<[String]>([])
    }

    /// The top screen of `navigator`: its title, action IDs and text, and the stacks.
    @MainActor private func shown(by navigator: Navigator) -> (
        title: String?, actions: [String], text: String?, stack: String
    ) {
        let top = navigator.topScreen
        return (top?.title, top?.actions.map(\.id) ?? [], top?.render(), navigator.state.description)
    }
}

import Dispatch
import Foundation
import Plugboard
import Testing

/// A request's answer reaches its caller whether it comes while the caller waits for it on its
/// own thread or after the caller suspended, when the reader's thread hands it over.
struct RequestAnswerTests {
    // The limit counts from when the test is scheduled: under the thread sanitizer, the isolation
    // suites beside it start their plugin processes slowly, and the test may wait minutes to run.
    @Test(.timeLimit(.minutes(5))) func anAnswerThatComesAfterTheCallersOwnWaitReachesIt() async throws {
        let registry = Registry()
        let probe = try await IsolatedPlugin.start(
            files: [try BuildProducts.probe], command: [try BuildProducts.host, "plugin-process"])
        try probe.register(into: registry)
        let process = try #require(probe.processID)
        defer { kill(process, SIGKILL) }
        let navigator = await Navigator(registry: registry)
        try await navigator.open("app://probe/identity")
        // Stopped for longer than the caller reads on its own thread: the answer comes after the
        // caller suspended.
        kill(process, SIGSTOP)
        DispatchQueue.global().asyncAfter(deadline: .now() + .milliseconds(50)) { kill(process, SIGCONT) }
        let asked = ContinuousClock.now
        try await navigator.open("app://probe/identity")
        #expect(ContinuousClock.now - asked >= .milliseconds(50))
        let (title, text, stack) = await MainActor.run {
            (navigator.topScreen?.title, navigator.topScreen?.render(), navigator.state.description)
        }
        #expect(
            title == "Probe" && text == "probe" && stack == "Probe > Probe", "\(String(describing: title)) \(stack)")
        #expect(probe.processID == process)
    }
}

import Foundation
import Plugboard
import Testing

/// A plugin process's start gives its caller's thread back while the plugins load and launch:
/// starts whose plugins hang (a lazy plugin's first use makes one on a thread of the pool) hold no
/// thread of the pool.
struct PluginProcessStartTests {
    // The limit counts from when the test is scheduled (see RequestAnswerTests).
    @Test(.timeLimit(.minutes(5))) func startsWhosePluginsHangHoldNoThreadOfThePool() async throws {
        let scratch = try Scratch()
        let probe = try scratch.copy(BuildProducts.probe, as: "libProbePlugin.so")
        // The probe's startup task never ends; the mark tells this test's processes from others'.
        let mark = "PLUGBOARD_TEST_MARK=\(UUID().uuidString)"
        let command = ["/usr/bin/env", "PLUGBOARD_PROBE_STUCK=1", mark, try BuildProducts.host, "plugin-process"]
        // One more than the pool has threads: were each held, the last start, and this test, would
        // wait for the deadline of one before them.
        let starts = ProcessInfo.processInfo.activeProcessorCount + 1
        let hanging = StressCounter()
        let returned = StressCounter()
        await withTaskGroup(of: Void.self) { group in
            for _ in 0..<starts {
                group.addTask {
                    _ = try? await IsolatedPlugin.start(
                        files: [probe], command: command, deadline: .seconds(60),
                        onOutput: { _, line in if line == "probe.start: waiting" { hanging.increment() } })
                    returned.increment()
                }
            }
            // Until each hangs in its launch (a start that failed ends the wait: the test fails).
            while hanging.value < starts && returned.value == 0 { try? await Task.sleep(for: .milliseconds(20)) }
            // A task that needs a thread of the pool runs while every start still waits.
            await Task.detached {}.value
            #expect(returned.value == 0)
            // Each start then ends with its process.
            while returned.value < starts {
                for process in Self.marked(mark) { kill(process, SIGKILL) }
                try? await Task.sleep(for: .milliseconds(50))
            }
        }
        #expect(hanging.value == starts)
    }

    /// The processes this process started whose environment holds `mark`.
    private static func marked(_ mark: String) -> [Int32] {
        ProcessTable.children(of: getpid()).map(\.pid).filter { ProcessTable.environment(of: $0).contains(mark) }
    }
}

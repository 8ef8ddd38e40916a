import Foundation
import Plugboard
import Testing

/// A plugin process that another process sends a fatal signal ends, as any process does, and the
/// host names the signal: the Swift runtime's crash handler, which returns once it has written a
/// backtrace, does not keep it running. One signal at a time: each case blocks its thread while
/// its process starts.
@Suite(.serialized)
struct PluginProcessSignalTests {
    @Test(arguments: [SIGSEGV, SIGABRT, SIGBUS, SIGILL])
    func aFatalSignalFromAnotherProcessEndsThePluginProcess(signal: Int32) async throws {
        let probe = try await IsolatedPlugin.start(
            files: [try BuildProducts.probe], command: [try BuildProducts.host, "plugin-process"])
        let process = try #require(probe.processID)
        defer { kill(process, SIGKILL) }
        kill(process, signal)
        let ended = ContinuousClock.now + .seconds(10)
        // Its end is read (its last words) a moment after it no longer serves.
        while probe.lastStop == nil && .now < ended { usleep(10_000) }
        #expect(probe.processID == nil, "process \(process) still runs after signal \(signal)")
        let stop = try #require(probe.lastStop, "process \(process) still runs after signal \(signal)")
        #expect("\(stop)".contains("Probe 0.0.1 stopped: ended by signal \(signal) ("), "\(stop)")
    }
}

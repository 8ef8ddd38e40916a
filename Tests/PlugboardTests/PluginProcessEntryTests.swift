import Glibc
import Testing

@testable import Plugboard

/// A plugin process serves on its main thread, which reads the host's socket and runs the main
/// actor's work: called on another thread, `serve` says so and serves nothing.
struct PluginProcessEntryTests {
    @Test func servingOffTheMainThreadIsRefusedWithoutReadingTheSocket() async throws {
        var ends: [Int32] = [-1, -1]
        try #require(socketpair(AF_UNIX, Int32(SOCK_STREAM.rawValue), 0, &ends) == 0)
        defer {
            close(ends[0])
            close(ends[1])
        }
        // A test runs on a thread of the pool, never the main thread.
        #expect(!MainThreadLoop.onMainThread)
        let status = await MainActor.run { PluginProcess.serve(descriptor: ends[1], policy: .strict) }
        #expect(status == 70)
        // Nothing was sent: not even `prepared`.
        var byte: UInt8 = 0
        #expect(recv(ends[0], &byte, 1, Int32(MSG_DONTWAIT)) == -1 && errno == EAGAIN)
    }
}

/// A plugin process's name says which plugins it serves, within the 15 bytes a name holds.
struct PluginProcessNameTests {
    @Test func namesThatFitAreJoinedAndOthersCountedNeverCutUnsaid() {
        #expect(PluginProcess.processName(of: ["Account", "Blog"]) == "Account+Blog")
        #expect(PluginProcess.processName(of: ["Account", "Blog", "Notes"]) == "Account+2")
        #expect(PluginProcess.processName(of: ["Accountingsystem", "Blog"]) == "Accountingsys+1")
        #expect(PluginProcess.processName(of: ["Greeter"]) == "Greeter")
        #expect(PluginProcess.processName(of: ["Accountingsystems"]) == "Accountingsyste")
    }
}

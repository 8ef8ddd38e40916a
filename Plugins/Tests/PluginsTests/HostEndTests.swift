import Foundation
import Testing

/// No plugin process outlives its host, however the host ends: killed with SIGKILL while a
/// plugin's code holds the plugin process's main thread, or at its normal end; the process
/// prepared ahead ends too.
struct HostEndTests {
    /// The host's shell with the probe isolated, its screen's `render` never returning.
    private func spinningProbe() throws -> (RunningHost, Scratch) {
        let scratch = try Scratch()
        _ = try scratch.copy(BuildProducts.probe, as: "libProbePlugin.so")
        let host = try RunningHost(
            ["run", "--with-bundled", "--plugins", scratch.directory.path, "--isolate", "Probe"],
            environment: ["PLUGBOARD_PROBE_RENDER_SPINS": "1", "XDG_STATE_HOME": scratch.directory.path])
        host.read(until: "Stack: Home\n")
        return (host, scratch)
    }

    @Test func pluginProcessesEndWhenTheHostIsKilledWhileAPluginIsBusy() throws {
        let (host, _) = try spinningProbe()
        host.type("open app://probe/identity\n")
        // The open waits on the probe's render, which spins on the plugin process's main thread.
        let started = Date()
        var busy: [Int32] = []
        while busy.isEmpty && Date().timeIntervalSince(started) < 30 {
            busy = ProcessTable.pluginProcesses(of: host.processIdentifier).filter {
                ProcessTable.processorTime(of: $0) > .milliseconds(300)
            }
            usleep(50_000)
        }
        let children = ProcessTable.children(of: host.processIdentifier).map(\.pid)
        #expect(!busy.isEmpty, "the probe's process never got busy: \(children)")
        kill(host.processIdentifier, SIGKILL)
        _ = try host.finish()
        let left = ProcessTable.running(children, after: 5)
        #expect(left.isEmpty, "still running after the host was killed: \(left.map(ProcessTable.name(of:)))")
        for process in left { kill(process, SIGKILL) }
    }

    @Test func pluginProcessesEndWithTheHostsNormalEnd() throws {
        let (host, _) = try spinningProbe()
        let children = ProcessTable.children(of: host.processIdentifier).map(\.pid)
        #expect(!children.isEmpty, "no plugin process was started")
        let (status, _, _) = try host.finish()
        #expect(status == 0)
        let left = ProcessTable.running(children, after: 5)
        #expect(left.isEmpty, "still running after the host ended: \(left.map(ProcessTable.name(of:)))")
        for process in left { kill(process, SIGKILL) }
    }
}

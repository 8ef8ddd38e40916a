import Foundation
import Testing

/// What isolated plugins cost the host: one thread of its own, however many plugin processes run,
/// and two descriptors for each (its socket, and the pipe of its output).
struct IsolationCostTests {
    /// A route of each plugin process of the bundled plugins and the probe.
    static let routes = ["app://circles", "app://blog", "app://greeter/hello", "app://probe/identity"]

    /// The host's threads and descriptors once every plugin's screen was opened, with `placement`.
    private func cost(_ placement: String) throws -> (threads: Int, descriptors: [String], processes: Int) {
        let scratch = try Scratch()
        _ = try scratch.copy(BuildProducts.probe, as: "libProbePlugin.so")
        let host = try RunningHost(
            ["run", "--with-bundled", "--plugins", scratch.directory.path, "--isolate", placement],
            environment: ["XDG_STATE_HOME": scratch.directory.path])
        host.read(until: "Stack: Home\n")
        for route in Self.routes {
            host.type("open \(route)\n")
            host.read(until: "\nStack: ", after: host.read(until: "> open \(route)\n"))
        }
        // The process a first use prepares ahead is started a moment after, and counts.
        if placement == "all" { #expect(host.spareProcess() != nil, "no plugin process was prepared ahead") }
        let threads = ProcessTable.threads(of: host.processIdentifier)
        let descriptors = ProcessTable.descriptors(of: host.processIdentifier)
        let processes = ProcessTable.children(of: host.processIdentifier).filter { $0.state != "Z" }.count
        host.type("quit\n")
        _ = try host.finish()
        return (threads, descriptors, processes)
    }

    @Test func isolatedPluginsCostTheHostOneThreadAndTwoDescriptorsEach() throws {
        let inProcess = try cost("none")
        let isolated = try cost("all")
        // Shell + Circles, Account + Blog, Greeter, Probe, and the one prepared ahead.
        #expect(isolated.processes == 5, "\(isolated.processes) plugin processes")
        // The poller's thread, and the one that starts processes ahead; Dispatch's own threads come
        // and go.
        #expect(
            isolated.threads - inProcess.threads <= 3,
            "\(inProcess.threads) threads in-process, \(isolated.threads) isolated")
        // Each process's socket and output; the poller's epoll and event descriptors.
        #expect(
            isolated.descriptors.count - inProcess.descriptors.count <= 2 * isolated.processes + 2,
            "in-process: \(inProcess.descriptors)\nisolated: \(isolated.descriptors)")
    }
}

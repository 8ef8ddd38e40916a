import Foundation
import Glibc
import Plugboard
import Testing

/// An isolated plugin's process is confined to what its manifest declares and the person granted:
/// the probe's reads, writes, connections and programs are each refused when isolated without a
/// grant, each allowed when declared and granted, and each allowed in the host's process (which
/// trusts it): the confinement is what refuses them, not a broken plugin. A signal to its host is
/// refused whatever it was granted. A plugin that declares
/// more than was granted is refused before any of its code runs, with the grant that would let it.
@Suite(.enabled(if: KernelConfinement.current.landlock >= 6 && KernelConfinement.current.seccomp))
struct ConfinementTests {
    private let plugins: Scratch
    private let outside: Scratch
    private let listener: Int32
    private let port: UInt16

    init() throws {
        plugins = try Scratch()
        _ = try plugins.copy(BuildProducts.probe, as: "libProbePlugin.so")
        outside = try Scratch()
        try Data("kept apart\n".utf8).write(to: outside.directory.appendingPathComponent("secret.txt"))
        (listener, port) = try Self.listen()
    }

    /// A TCP listener on the loopback, on a port the system picks.
    private static func listen() throws -> (Int32, UInt16) {
        let socket = Glibc.socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_addr.s_addr = UInt32(0x7F00_0001).bigEndian
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        let bound = withUnsafeMutablePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                bind(socket, $0, length) == 0 && getsockname(socket, $0, &length) == 0
            }
        }
        try #require(bound && Glibc.listen(socket, 16) == 0, "no listener: \(String(cString: strerror(errno)))")
        return (socket, UInt16(bigEndian: address.sin_port))
    }

    /// What the probe is asked to reach.
    private var secret: String { outside.directory.appendingPathComponent("secret.txt").path }
    private var written: String { outside.directory.appendingPathComponent("written.txt").path }
    private let program = "/usr/bin/true"
    /// Why the probe cannot signal its host: in a process namespace of its own the host has no ID
    /// there; without one, Landlock's signal scope refuses it.
    private let signalRefusal =
        KernelConfinement.current.processNamespaces ? "No such process" : "Operation not permitted"

    /// The probe's four attempts, typed into `run` with `options`, and what its screen says of each.
    /// The probe declares `permissions`; a host keeps what it read of a file, so a probe that
    /// declares other permissions is a copy `elsewhere`.
    private func attempts(
        _ options: [String], declaring permissions: String? = nil, configuration: URL? = nil, elsewhere: Bool = false
    ) async throws -> (results: [String], run: HostProcess) {
        let plugins = elsewhere ? try Scratch() : plugins
        if elsewhere { _ = try plugins.copy(BuildProducts.probe, as: "libProbePlugin.so") }
        var environment = ["PLUGBOARD_PROBE_REACH": "1", "XDG_STATE_HOME": plugins.directory.path]
        environment["PLUGBOARD_PROBE_PERMISSIONS"] = permissions
        environment["XDG_CONFIG_HOME"] = configuration?.path ?? plugins.directory.appendingPathComponent("none").path
        let input =
            "open app://probe/identity\ndo read \(secret)\ndo write \(written)\ndo connect \(port)\n"
            + "do run \(program)\ndo signal\n"
        let run = try await HostProcess.run(
            ["run", "--with-bundled", "--plugins", plugins.directory.path] + options, input: input,
            environment: environment)
        let results = run.standardOutput.split(separator: "\n").filter {
            $0.hasPrefix("│ read ") || $0.hasPrefix("│ write ") || $0.hasPrefix("│ connect ") || $0.hasPrefix("│ run ")
                || $0.hasPrefix("│ signal ")
        }
        return (Array(results.suffix(5).map { String($0.dropFirst(2)) }), run)
    }

    @Test func undeclaredReachIsRefusedIsolatedAndAllowedInTheHostsProcess() async throws {
        let (isolated, run) = try await attempts(["--isolate", "Probe"])
        #expect(run.status == 0, "\(run.standardError)")
        #expect(
            isolated == [
                "read \(secret): denied (Permission denied)", "write \(written): denied (Permission denied)",
                "connect \(port): denied (Permission denied)", "run \(program): denied (Permission denied)",
                "signal parent: denied (\(signalRefusal))",
            ], "\(run.standardOutput)")
        #expect(!FileManager.default.fileExists(atPath: written))
        let (inHost, trusted) = try await attempts([])
        #expect(trusted.status == 0, "\(trusted.standardError)")
        #expect(
            inHost == [
                "read \(secret): allowed", "write \(written): allowed", "connect \(port): allowed",
                "run \(program): allowed", "signal parent: allowed",
            ], "\(trusted.standardOutput)")
    }

    /// A call the seccomp filter refuses (a network socket, without a grant) is named by the host,
    /// with the plugin, once however often it is made; granted, or in the host's process, nothing
    /// is refused and nothing is said.
    @Test func aCallTheFilterRefusesIsNamedByTheHostOnce() async throws {
        let input = "open app://probe/identity\ndo connect \(port)\ndo connect \(port)\n"
        let environment = ["PLUGBOARD_PROBE_REACH": "1", "XDG_STATE_HOME": plugins.directory.path]
        let refusal =
            "[Probe] plugboard: refused socket (opening a network socket, AF_INET), which it was not granted; it "
            + "failed with EACCES; to allow it, declare connect HOST:PORT in its manifest and grant it (--grant)\n"
        let isolated = try await HostProcess.run(
            ["run", "--with-bundled", "--plugins", plugins.directory.path, "--isolate", "Probe"], input: input,
            environment: environment)
        #expect(isolated.status == 0, "\(isolated.standardError)")
        #expect(isolated.standardOutput.contains("│ connect \(port): denied (Permission denied)\n"))
        #expect(isolated.standardError.components(separatedBy: refusal).count == 2, "\(isolated.standardError)")
        let inHost = try await HostProcess.run(
            ["run", "--with-bundled", "--plugins", plugins.directory.path], input: input, environment: environment)
        #expect(inHost.standardOutput.contains("│ connect \(port): allowed\n"), "\(inHost.standardOutput)")
        #expect(!inHost.standardError.contains("refused"), "\(inHost.standardError)")
    }

    @Test func declaredAndGrantedReachIsAllowedAndNothingMore() async throws {
        let permissions =
            "read \(secret);write \(outside.directory.path);connect localhost:\(port);run \(program)"
        let (granted, run) = try await attempts(["--isolate", "Probe", "--grant", "Probe"], declaring: permissions)
        #expect(run.status == 0, "\(run.standardError)")
        #expect(!run.standardError.contains("plugboard: refused"), "\(run.standardError)")
        #expect(
            granted == [
                "read \(secret): allowed", "write \(written): allowed", "connect \(port): allowed",
                "run \(program): allowed", "signal parent: denied (\(signalRefusal))",
            ], "\(run.standardOutput)")
        // Another port and another program stay refused.
        let (others, again) = try await attempts(
            ["--isolate", "Probe", "--grant", "Probe"], declaring: "connect localhost:\(port &+ 1);run /bin/sh",
            elsewhere: true)
        #expect(again.status == 0, "\(again.standardError)")
        #expect(
            others.dropFirst(2).prefix(2) == [
                "connect \(port): denied (Permission denied)", "run \(program): denied (Permission denied)",
            ])
    }

    @Test func aPluginAskingForMoreThanGrantedIsRefusedBeforeItRunsNamingTheGrant() async throws {
        let permissions = "read \(secret);connect any"
        let (_, refused) = try await attempts(
            ["--isolate", "Probe", "--grant", "Probe=read \(secret)"], declaring: permissions)
        #expect(refused.status == 1, "\(refused.standardError)")
        #expect(
            refused.standardError.contains(
                "plugin 'Probe' asks to connect any, which was not granted; grant it to run it isolated: run with "
                    + "--grant 'Probe=connect any' (or --grant Probe for all it asks), or add the grants to "),
            "\(refused.standardError)")
        // The person's grants file grants the rest.
        let configuration = try Scratch().directory
        let grants = configuration.appendingPathComponent("plugboard")
        try FileManager.default.createDirectory(at: grants, withIntermediateDirectories: true)
        try Data("# the probe's grants\nProbe=connect any\n\nProbe=read \(secret)\n".utf8).write(
            to: grants.appendingPathComponent("grants"))
        let (allowed, run) = try await attempts(
            ["--isolate", "Probe"], declaring: permissions, configuration: configuration)
        #expect(run.status == 0, "\(run.standardError)")
        #expect(allowed.first == "read \(secret): allowed", "\(run.standardOutput)")
        #expect(allowed.dropFirst(2).first == "connect \(port): allowed", "\(run.standardOutput)")
        // A line that is no grant is named with its file and line.
        try Data("Probe=fly away\n".utf8).write(to: grants.appendingPathComponent("grants"))
        let (_, bad) = try await attempts(["--isolate", "Probe"], declaring: permissions, configuration: configuration)
        #expect(bad.status == 2, "\(bad.standardError)")
        #expect(bad.standardError.contains("/plugboard/grants:1: grant 'Probe=fly away': 'fly away' is no permission"))
    }

    /// `list` shows each plugin's permissions, and whether its process is confined to them;
    /// `inspect --json` names them.
    @Test func listAndInspectShowThePermissionsAndWhetherTheyAreConfined() async throws {
        let environment = ["PLUGBOARD_PROBE_PERMISSIONS": "read /srv;connect any"]
        let isolated = try await HostProcess.run(
            ["list", "--with-bundled", "--plugins", plugins.directory.path, "--isolate", "Probe", "--grant", "Probe"],
            environment: environment)
        #expect(isolated.status == 0, "\(isolated.standardError)")
        #expect(
            isolated.standardOutput.contains("    permissions  read /srv, connect any  (confined to them)\n"),
            "\(isolated.standardOutput)")
        let inHost = try await HostProcess.run(
            ["list", "--with-bundled", "--plugins", plugins.directory.path], environment: environment)
        #expect(
            inHost.standardOutput.contains(
                "    permissions  read /srv, connect any  (not confined: it runs in the host's process)\n"),
            "\(inHost.standardOutput)")
        #expect(inHost.standardOutput.contains("    permissions  (none)\n"), "the bundled plugins declare none")
        let inspected = try await HostProcess.run(
            ["inspect", "--json", plugins.directory.appendingPathComponent("libProbePlugin.so").path],
            environment: environment)
        let json = try JSONSerialization.jsonObject(with: Data(inspected.standardOutput.utf8)) as? [String: Any]
        #expect(json?["permissions"] as? [String] == ["read /srv", "connect any"], "\(inspected.standardOutput)")
    }

    /// A plugin that may not connect anywhere runs in a network namespace of its own, as the
    /// spare prepared ahead does, which is filtered as such a plugin before it is told one; one
    /// granted a connection shares the host's network.
    @Test(.enabled(if: KernelConfinement.current.networkNamespaces))
    func aPluginWithoutANetworkGrantHasNoNetworkOfItsOwn() throws {
        let network = { (process: String) in
            try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/\(process)/ns/net")
        }
        for granted in [false, true] {
            let plugins = try Scratch()
            _ = try plugins.copy(BuildProducts.probe, as: "libProbePlugin.so")
            let host = try RunningHost(
                ["run", "--with-bundled", "--plugins", plugins.directory.path, "--isolate", "Probe"]
                    + (granted ? ["--grant", "Probe"] : []),
                environment: ["XDG_STATE_HOME": plugins.directory.path].merging(
                    granted ? ["PLUGBOARD_PROBE_PERMISSIONS": "connect any"] : [:]
                ) { $1 })
            host.type("open app://probe/identity\n")
            host.read(until: "Stack: Home > Probe\n")
            let process = try #require(ProcessTable.pluginProcesses(of: host.processIdentifier).first)
            #expect(network("\(process)") != nil && network("self") != nil)
            #expect((network("\(process)") == network("self")) == granted, "granted: \(granted)")
            let spare = try #require(host.spareProcess(), "no process was prepared")
            #expect(network("\(spare)") != network("self"), "the spare shares the host's network")
            // It applied the seccomp filter of a plugin that connects nowhere before it was told
            // its plugins.
            let spareStatus = try String(contentsOfFile: "/proc/\(spare)/status", encoding: .utf8)
            #expect(spareStatus.contains("\nSeccomp:\t2\n"), "\(spareStatus)")
            let (status, _, problems) = try host.finish()
            #expect(status == 0, "\(problems)")
        }
    }

    /// A confined process's private temporary directory is its `TMPDIR`, which it may write, and
    /// goes with it.
    @Test func thePrivateTemporaryDirectoryIsWritableAndEndsWithItsProcess() throws {
        let host = try RunningHost(
            ["run", "--with-bundled", "--plugins", plugins.directory.path, "--isolate", "Probe"],
            environment: ["PLUGBOARD_PROBE_REACH": "1", "XDG_STATE_HOME": plugins.directory.path])
        host.type("open app://probe/identity\n")
        host.read(until: "Stack: Home > Probe\n")
        let process = try #require(ProcessTable.pluginProcesses(of: host.processIdentifier).first)
        let base = ProcessInfo.processInfo.environment["TMPDIR"].flatMap { $0.hasPrefix("/") ? $0 : nil } ?? "/tmp"
        let temporary = "\(base)/plugboard-\(getuid())/\(process)"
        let start = host.seen.endIndex
        host.type("do write \(temporary)/kept.txt\n")
        host.read(until: "│ write \(temporary)/kept.txt: allowed\n", after: start)
        #expect(FileManager.default.fileExists(atPath: temporary + "/kept.txt"))
        host.type("quit\n")
        let (status, _, problems) = try host.finish()
        #expect(status == 0, "\(problems)")
        #expect(!FileManager.default.fileExists(atPath: temporary))
    }

    /// An unsealed plugin's declarations are read in a child process confined as an isolated plugin
    /// that declares nothing: its code, which runs there, writes nothing outside.
    @Test func theChildThatReadsAnUnsealedPluginIsConfined() async throws {
        let record = outside.directory.appendingPathComponent("record").path
        let inspected = try await HostProcess.run(
            ["inspect", plugins.directory.appendingPathComponent("libProbePlugin.so").path],
            environment: ["PLUGBOARD_PROBE_RECORD": record])
        #expect(inspected.status == 0, "\(inspected.standardError)")
        #expect(inspected.standardOutput.contains("  routes       app://probe/identity"), "\(inspected.standardOutput)")
        #expect(!FileManager.default.fileExists(atPath: record), "its registration wrote outside")
    }
}

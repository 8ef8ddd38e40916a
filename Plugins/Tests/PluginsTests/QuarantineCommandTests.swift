import Foundation
import Testing

/// A bad plugin takes down only itself: the host quarantines a plugin whose startup tasks do not
/// form a valid graph, and every other plugin launches and can be used.
struct QuarantineCommandTests {
    /// The bundled plugins and the probe, whose task runs after `after`.
    /// With `lazy`, the probe is declared, to load when first needed, rather than active at launch.
    private func run(_ arguments: [String], after: String, input: String? = nil, lazy: Bool = false) async throws
        -> HostProcess
    {
        let scratch = try Scratch()
        _ = try scratch.copy(BuildProducts.probe, as: "libProbePlugin.so")
        return try await HostProcess.run(
            arguments + ["--plugins", scratch.directory.path, "--with-bundled"], input: input,
            environment: ["PLUGBOARD_PROBE_TASK_AFTER": after].merging(lazy ? ["PLUGBOARD_PROBE_LAZY": "1"] : [:]) {
                _, added in added
            })
    }

    /// A plugin that is only declared at launch is checked from its manifest: its broken graph
    /// quarantines it before it is ever loaded, and `--strict` refuses the launch, without
    /// `--eager`.
    @Test func aDeclaredPluginsBrokenGraphIsFoundAtLaunch() async throws {
        let open = try await run(["open", "app://circles"], after: "no.such.task", lazy: true)
        #expect(open.status == 0, "\(open.standardError)")
        #expect(
            open.standardError.contains("  - Probe 0.0.1  (inactive until first needed)\n"), "\(open.standardError)")
        #expect(
            open.standardError.contains(
                "warning: quarantined Probe, which did not launch: task 'probe.start' of module ProbePlugin.ProbeModule"
            ),
            "\(open.standardError)")
        #expect(open.standardOutput.contains("┌─ Circles\n"))
        let strict = try await run(["open", "app://circles", "--strict"], after: "no.such.task", lazy: true)
        #expect(strict.status == 1)
        #expect(strict.standardError.contains("depends on unknown task 'no.such.task'"), "\(strict.standardError)")
        let shell = try await run(
            ["run"], after: "no.such.task", input: "open app://probe/identity\nquit\n", lazy: true)
        #expect(
            shell.standardError.contains(
                "error: 'app://probe/identity' is not available: module ProbePlugin.ProbeModule was quarantined at "
                    + "launch: task 'probe.start'"), "\(shell.standardError)")
        #expect(!shell.standardOutput.contains("activated Probe"), "\(shell.standardOutput)")
    }

    @Test func launchQuarantinesThePluginLaunchesTheRestAndSaysSoInItsStatus() async throws {
        let launch = try await run(["launch"], after: "no.such.task")
        #expect(launch.status == 3, "\(launch.standardError)")
        #expect(
            launch.standardOutput.contains(
                "  quarantined: Probe: task 'probe.start' of module ProbePlugin.ProbeModule"),
            "\(launch.standardOutput)")
        #expect(launch.standardOutput.contains("depends on unknown task 'no.such.task'"))
        #expect(launch.standardError.contains("  ✓ shell.root-screen  [ShellPlugin.ShellModule]\n"))
        #expect(!launch.standardError.contains("✓ probe.start"))
        #expect(launch.standardError.hasSuffix("error: 1 plugin quarantined (see the report above)\n"))
        let strict = try await run(["launch", "--strict"], after: "no.such.task")
        #expect(strict.status == 1)
        #expect(strict.standardError.contains("depends on unknown task 'no.such.task'"), "\(strict.standardError)")
        #expect(!strict.standardError.contains("✓ shell.root-screen"))
    }

    /// `graph` shows the graph and runs nothing: an invalid one is described as such.
    @Test func graphOfAnInvalidGraphSaysWhatIsWrongWithIt() async throws {
        let graph = try await run(["graph"], after: "no.such.task")
        #expect(graph.status == 1)
        #expect(graph.standardError.contains("error: the startup task graph is invalid:\n  - task 'probe.start'"))
        #expect(!graph.standardError.contains("nothing ran"), "\(graph.standardError)")
    }

    @Test func aTaskOfAPluginNotDeclaredAsADependencyQuarantinesItsPlugin() async throws {
        let launch = try await run(["launch"], after: "shell.store")
        #expect(launch.status == 3)
        #expect(
            launch.standardOutput.contains(
                "  quarantined: Probe: task 'probe.start' depends on task 'shell.store' of plugin Shell, which Probe "
                    + "does not declare as a dependency; add it to the plugin's manifest"), "\(launch.standardOutput)")
    }

    @Test func theOtherPluginsAreNavigableAndTheQuarantinedOnesRoutesSayWhy() async throws {
        let open = try await run(["open", "app://circles"], after: "no.such.task")
        #expect(open.status == 0, "\(open.standardError)")
        #expect(open.standardOutput.contains("┌─ Circles\n"))
        #expect(open.standardError.contains("warning: quarantined Probe, which did not launch: task 'probe.start'"))
        let shell = try await run(
            ["run"], after: "no.such.task", input: "open app://probe/identity\nopen app://blog\nquit\n")
        #expect(
            shell.standardError.contains(
                "error: 'app://probe/identity' is not available: module ProbePlugin.ProbeModule was quarantined at "
                    + "launch: task 'probe.start'"), "\(shell.standardError)")
        #expect(shell.standardOutput.contains("> open app://blog\n┌─ Blog"), "\(shell.standardOutput)")
    }
}

import Foundation
import Plugboard
import Testing

/// The host resolves the population from what each file declares before any plugin code runs in
/// it: files load in dependency order, and those that cannot work are refused with the root cause.
struct ResolutionTests {
    @Test func aPluginLoadsAfterThePluginItNeedsWhateverTheFilesOrder() async throws {
        let scratch = try Scratch()
        _ = try scratch.copy(BuildProducts.path("libCirclesPlugin.so"), as: "libACircles.so")
        _ = try scratch.copy(BuildProducts.path("libShellPlugin.so"), as: "libZShell.so")
        let run = try await HostProcess.run(["list", "--plugins", scratch.directory.path, "--eager"])
        #expect(run.status == 0, "\(run.standardError)")
        let shell = try #require(run.standardError.range(of: "✓ Shell 1.0.0"))
        let circles = try #require(run.standardError.range(of: "✓ Circles 1.0.0"))
        #expect(shell.lowerBound < circles.lowerBound)
        #expect(run.standardOutput.contains("    dependencies Shell >=1.0.0 <2.0.0\n"), "\(run.standardOutput)")
    }

    @Test func aMissingDependencyRefusesThePluginAndTheOthersLoad() async throws {
        let scratch = try Scratch()
        let circles = try scratch.copy(BuildProducts.path("libCirclesPlugin.so"), as: "libCirclesPlugin.so")
        _ = try scratch.copy(BuildProducts.greeter, as: "libGreeterPlugin.so")
        let run = try await HostProcess.run(["list", "--plugins", scratch.directory.path, "--eager"])
        #expect(run.status == 1)
        #expect(
            run.standardError.contains(
                "  ✗ \(circles)\nerror: Circles 1.0.0 not loaded: it needs Shell >=1.0.0 <2.0.0, and no Shell is "
                    + "installed; install it, or declare the dependency optional\n"), "\(run.standardError)")
        #expect(run.standardError.contains("✓ Greeter 1.0.0"))
    }

    /// A refused plugin's routes are known from its manifest, and answer with the refusal.
    @Test func aRefusedPluginsRouteAnswersWithWhyItWasRefused() async throws {
        let scratch = try Scratch()
        _ = try scratch.copy(BuildProducts.probe, as: "libProbePlugin.so")
        let run = try await HostProcess.run(
            ["run", "--with-bundled", "--plugins", scratch.directory.path],
            input: "open app://probe/identity\nopen app://circles\nquit\n",
            environment: ["PLUGBOARD_PROBE_DEPENDENCIES": "Notes >=1.0.0 <2.0.0"])
        #expect(
            run.standardError.contains(
                "error: 'app://probe/identity' is not available: plugin 'Probe' was refused: it needs Notes >=1.0.0 "
                    + "<2.0.0, and no Notes is installed; install it, or declare the dependency optional\n"),
            "\(run.standardError)")
        #expect(
            run.standardOutput.contains(/> open app:\/\/circles\n(activated Circles [^\n]*\n)?┌─ Circles/),
            "\(run.standardOutput)")
    }

    @Test func aRefusedDependencyIsNamedAsTheRootCause() async throws {
        let scratch = try Scratch()
        let shell = try scratch.copy(BuildProducts.path("libShellPlugin.so"), as: "libShellPlugin.so")
        #expect(try await HostProcess.run(["seal", shell]).status == 0)
        #expect(chmod(shell, 0o664) == 0)
        _ = try scratch.copy(BuildProducts.path("libCirclesPlugin.so"), as: "libCirclesPlugin.so")
        let run = try await HostProcess.run(["list", "--plugins", scratch.directory.path])
        #expect(run.status == 1)
        #expect(
            run.standardError.contains(
                "error: Circles 1.0.0 not loaded: it needs Shell >=1.0.0 <2.0.0, and Shell 1.0.0 was refused: \(shell): "
                    + "refused: the file (\(shell)) is writable by group (mode 664)"), "\(run.standardError)")
    }

    /// A population of sealed copies of the probe, each under another name, version and
    /// dependencies, resolved without loading any of them.
    @Test func resolvePrintsTheOrderAndEveryRefusalWithItsCause() async throws {
        let scratch = try Scratch()
        let population: [(name: String, version: String, dependencies: String)] = [
            ("Account", "1.4.0", ""), ("Account", "2.3.0", ""), ("Blog", "2.1.0", "Account >=1.2.0 <2.0.0"),
            ("Forum", "1.0.0", "Account >=3.0.0 <4.0.0"), ("Ping", "1.0.0", "Pong >=1.0.0 <2.0.0"),
            ("Pong", "1.0.0", "Ping >=1.0.0 <2.0.0"), ("Lonely", "1.0.0", "Missing >=1.0.0 <2.0.0 (optional)"),
            ("Wiki", "1.0.0", "Gone >=1.0.0 <2.0.0"),
        ]
        for (index, plugin) in population.enumerated() {
            let path = try scratch.copy(BuildProducts.probe, as: "lib\(index)\(plugin.name).so")
            let seal = try await HostProcess.run(
                ["seal", path],
                environment: [
                    "PLUGBOARD_PROBE_NAME": plugin.name, "PLUGBOARD_PROBE_VERSION": plugin.version,
                    "PLUGBOARD_PROBE_DEPENDENCIES": plugin.dependencies,
                ])
            try #require(seal.status == 0, "\(seal.standardError)")
        }
        let run = try await HostProcess.run(["resolve", scratch.directory.path, "--json"])
        #expect(run.status == 1)
        struct Report: Decodable {
            struct File: Decodable {
                let plugin: String
                let version: String
            }
            struct Refused: Decodable {
                let plugin: String
                let version: String
                let code: String
                let reason: String
            }
            let schemaVersion: Int
            let order: [File]
            let refused: [Refused]
        }
        let report = try JSONDecoder().decode(Report.self, from: Data(run.standardOutput.utf8))
        #expect(report.schemaVersion == 1)
        #expect(report.order.map { "\($0.plugin) \($0.version)" } == ["Account 1.4.0", "Blog 2.1.0", "Lonely 1.0.0"])
        #expect(
            report.refused.map { "\($0.plugin) \($0.version) \($0.code)" }.sorted() == [
                "Account 2.3.0 other-version-chosen", "Forum 1.0.0 outside-range", "Ping 1.0.0 cycle",
                "Pong 1.0.0 cycle",
                "Wiki 1.0.0 missing-dependency",
            ])
        let reasons = report.refused.map { "\($0.plugin) \($0.version) not loaded: \($0.reason)" }
        #expect(
            reasons.contains(
                "Account 2.3.0 not loaded: Account 1.4.0 (\(scratch.directory.path)/lib0Account.so) was chosen instead, "
                    + "the highest version that every plugin needing it accepts"), "\(reasons)")
        #expect(
            reasons.contains(
                "Forum 1.0.0 not loaded: it needs Account >=3.0.0 <4.0.0, and the installed Account is 2.3.0, 1.4.0; "
                    + "install a version in the range, or widen it"), "\(reasons)")
        #expect(reasons.contains("Ping 1.0.0 not loaded: its dependencies form a cycle: Ping -> Pong -> Ping"))
        #expect(reasons.contains("Pong 1.0.0 not loaded: its dependencies form a cycle: Ping -> Pong -> Ping"))
        #expect(
            reasons.contains(
                "Wiki 1.0.0 not loaded: it needs Gone >=1.0.0 <2.0.0, and no Gone is installed; install it, or declare "
                    + "the dependency optional"))
        let text = try await HostProcess.run(["resolve", scratch.directory.path])
        #expect(text.standardOutput.hasPrefix("Load order\n  1. Account 1.4.0  "), "\(text.standardOutput)")
        let inspect = try await HostProcess.run([
            "inspect", scratch.directory.appendingPathComponent("lib2Blog.so").path,
        ])
        #expect(inspect.standardOutput.contains("  dependencies Account >=1.2.0 <2.0.0\n"), "\(inspect.standardOutput)")
    }
}

import Foundation
import Testing

/// `plugboard verify` survives plugins that crash or hang while loading, and reports each.
struct VerifyCommandTests {
    @Test func crashesHangsAndBadFilesAreReportedAndTheRestChecked() async throws {
        let scratch = try Scratch()
        _ = try scratch.copy(BuildProducts.greeter, as: "libGreeterPlugin.so")
        for name in ["libCrashingPlugin.so", "libHangingPlugin.so"] {
            _ = try await scratch.copy(BrokenPlugins.path(name), as: name)
        }
        try Data("junk".utf8).write(to: scratch.directory.appendingPathComponent("libJunk.so"))
        // A backtracer slower than the timeout, as Swift's own is on a busy machine: the crash is
        // still reported as a crash.
        let backtracer = scratch.directory.appendingPathComponent("slow-backtracer")
        try Data("#!/bin/sh\nsleep 20\n".utf8).write(to: backtracer)
        #expect(chmod(backtracer.path, 0o755) == 0)
        let started = ContinuousClock.now
        let run = try await HostProcess.run(
            ["verify", scratch.directory.path, "--timeout", "2"],
            environment: ["SWIFT_BACKTRACE": "enable=yes,swift-backtrace=\(backtracer.path)"])
        #expect(run.status == 1)
        // The timeout holds for every child, the one that reads the hung plugin's manifest too,
        // which waited 30 s whatever the timeout: a few timeouts, not that.
        #expect(ContinuousClock.now - started < .seconds(25))
        let lines = run.standardOutput.split(separator: "\n").map(String.init)
        // With the Swift runtime's message, which the verifier takes from the child's output.
        #expect(
            lines.contains(
                "  ✗ libCrashingPlugin.so: crashed with signal 4 (Illegal instruction) while loading: "
                    + "CrashingPlugin/CrashingPlugin.swift:13: Fatal error: CrashingModule traps on purpose"))
        #expect(lines.contains("  ✓ libGreeterPlugin.so: loads: Greeter 1.0.0, 1 module"))
        #expect(lines.contains("  ✗ libHangingPlugin.so: hung: did not finish loading within 2 s (killed)"))
        #expect(lines.contains { $0.hasPrefix("  ✗ libJunk.so: refused: ") && $0.contains("not an ELF file") })
        #expect(lines.last == "1 of 4 plugin files passed")
    }

    @Test func anUnreadablePluginIsReportedAndTheOthersStillLoad() async throws {
        // As root every file is readable, so the host runs as `nobody` then.
        let scratch = try Scratch()
        _ = try scratch.copy(BuildProducts.path("libGreeterPlugin.so"), as: "libGreeterPlugin.so")
        let secret = try scratch.copy(BuildProducts.path("libGreeterPlugin.so"), as: "libSecret.so")
        #expect(chmod(secret, 0o200) == 0)
        let run = try await HostProcess.run(["verify", scratch.directory.path], unprivileged: true)
        #expect(run.status == 1, "\(run.standardError)")
        let lines = run.standardOutput.split(separator: "\n").map(String.init)
        #expect(lines.contains("  ✓ libGreeterPlugin.so: loads: Greeter 1.0.0, 1 module"))
        let refusal = "  ✗ libSecret.so: refused: \(secret): cannot be read (Permission denied); check its permissions"
        #expect(lines.contains(refusal), "\(lines)")
        #expect(lines.last == "1 of 2 plugin files passed")
    }

    @Test func aPluginThatWritesMuchWhileLoadingIsNotTakenForAHungOne() async throws {
        // More than a pipe holds (64 KiB): read only after the child ended, it would block.
        let scratch = try Scratch()
        _ = try scratch.copy(BuildProducts.probe, as: "libProbePlugin.so")
        let run = try await HostProcess.run(
            ["verify", scratch.directory.path, "--timeout", "20"], environment: ["PLUGBOARD_PROBE_CHATTER": "300000"])
        #expect(run.status == 0, "\(run.standardOutput)")
        #expect(run.standardOutput.contains("  ✓ libProbePlugin.so: loads: Probe 0.0.1, 1 module\n"))
    }

    @Test func aDirectoryWithoutPluginFilesIsReportedAsSuch() async throws {
        let scratch = try Scratch()
        let run = try await HostProcess.run(["verify", scratch.directory.path])
        #expect(run.status == 1)
        #expect(run.standardOutput.isEmpty)
        #expect(
            run.standardError
                == "warning: no plugin files (.so) in \(scratch.directory.path); a package's plugins are in its "
                + ".build/debug (or .build/release), and those of one made by plugboard new in "
                + ".plugboard-build/debug beside it\nerror: no plugin files to verify\n")
    }

    @Test func aRefusalOfSeveralLinesIsReportedWhole() async throws {
        let scratch = try Scratch()
        let probe = try scratch.copy(BuildProducts.probe, as: "libProbePlugin.so")
        let run = try await HostProcess.run(
            ["verify", scratch.directory.path], environment: ["PLUGBOARD_PROBE_BROKEN": "1"])
        #expect(run.status == 1)
        let module = "module ProbePlugin.ProbeModule (libProbePlugin.so)"
        #expect(
            run.standardOutput == """
                  ✗ libProbePlugin.so: refused: \(probe): plugin 'Probe' was not registered: registration refused, nothing was registered:
                      - route 'app://probe/identity' is owned by \(module); \(module) registers it again; rename one of the routes
                0 of 1 plugin file passed

                """)
    }

    @Test func jsonGivesScriptsOneVerdictPerFileTogetherWithTheOthers() async throws {
        let scratch = try Scratch()
        let greeter = try scratch.copy(BuildProducts.greeter, as: "libGreeterPlugin.so")
        let copy = try scratch.otherGreeterBuild(as: "libZGreeterPlugin.so")
        let crashing = try await scratch.copy(BrokenPlugins.path("libCrashingPlugin.so"), as: "libCrashingPlugin.so")
        let run = try await HostProcess.run(["verify", "--json", scratch.directory.path])
        #expect(run.status == 1)
        struct Check: Decodable, Equatable {
            let loads: Bool
            let message: String
        }
        struct Verdict: Decodable, Equatable {
            let file: String
            let plugin: String?
            let modules: [String]
            let loads: Bool
            let message: String
            let alone: Check
            let routesOpened: Int?
        }
        struct Listing: Decodable {
            let schemaVersion: Int
            let files: [Verdict]
        }
        let listing = try JSONDecoder().decode(Listing.self, from: Data(run.standardOutput.utf8))
        #expect(listing.schemaVersion == 1)
        let verdicts = listing.files
        #expect(verdicts.map(\.plugin) == [nil, "Greeter", "Greeter"])
        #expect(verdicts[1].modules == ["GreeterPlugin.GreeterModule"])
        #expect(verdicts.map(\.file) == [crashing, greeter, copy])
        #expect(verdicts.map(\.loads) == [false, true, false])
        // The greeter's two routes (one at its example), opened once the files load together.
        #expect(verdicts.map(\.routesOpened) == [nil, 2, nil])
        #expect(verdicts[0].message.hasPrefix("crashed with signal 4 (Illegal instruction) while loading: "))
        #expect(verdicts[1].message == "loads: Greeter 1.0.0, 1 module")
        #expect(
            verdicts[2].message
                == "with the others: refused: \(copy): plugin 'Greeter' is already loaded from \(greeter); "
                + "remove one of the copies")
        // What the text shows first of each file, its check alone: the copy loads alone.
        #expect(verdicts.map(\.alone.loads) == [false, true, true])
        #expect(verdicts[2].alone.message == "loads: Greeter 1.0.0, 1 module")
        #expect(verdicts[0].alone.message == verdicts[0].message)
        let text = try await HostProcess.run(["verify", scratch.directory.path])
        #expect(
            text.standardOutput.contains("  ✓ libZGreeterPlugin.so: \(verdicts[2].alone.message)\n"),
            "\(text.standardOutput)")
        #expect(
            text.standardOutput.contains("  ✗ libZGreeterPlugin.so, \(verdicts[2].message)\n"), "\(text.standardOutput)"
        )
    }

    /// A plugin that loads but whose screens trap as they render or load, or hang, is reported with
    /// each route that did, and the routes after it are still opened.
    @Test func screensThatCrashOrHangAreReportedWithTheirRoutes() async throws {
        let scratch = try Scratch()
        _ = try scratch.copy(BuildProducts.probe, as: "libProbePlugin.so")
        _ = try scratch.copy(BuildProducts.greeter, as: "libGreeterPlugin.so")
        let run = try await HostProcess.run(
            ["verify", scratch.directory.path, "--timeout", "3"], environment: ["PLUGBOARD_PROBE_FAULTS": "1"])
        #expect(run.status == 1)
        let lines = run.standardOutput.split(separator: "\n").map(String.init)
        #expect(lines.first == "  ✓ libGreeterPlugin.so: loads: Greeter 1.0.0, 1 module", "\(lines)")
        #expect(
            lines.contains(
                "  ✗ libProbePlugin.so: hung: app://probe/load-hang did not load and render within 3 s (killed)"))
        // The last, a route with a parameter, is opened at its example.
        for (route, words) in [
            ("load-trap", "traps as it loads"), ("render-trap", "traps as it renders"),
            ("fault/render-trap", "traps as it renders"),
        ] {
            #expect(
                lines.contains {
                    $0.hasPrefix(
                        "  ✗ libProbePlugin.so: crashed with signal 4 (Illegal instruction) while opening app://probe/\(route): "
                            + "ProbePlugin/ProbePlugin.swift:")
                        && $0.hasSuffix(": Fatal error: the probe's screen \(words)")
                }, "\(lines)")
        }
        #expect(lines.last == "1 of 2 plugin files passed")
        // The JSON counts the routes of each file opened without a crash or a hang: the probe's
        // identity route of its five, the greeter's two.
        let json = try await HostProcess.run(
            ["verify", "--json", scratch.directory.path, "--timeout", "3"], environment: ["PLUGBOARD_PROBE_FAULTS": "1"]
        )
        struct Verdict: Decodable { let routesOpened: Int? }
        struct Listing: Decodable { let files: [Verdict] }
        let listing = try JSONDecoder().decode(Listing.self, from: Data(json.standardOutput.utf8))
        #expect(listing.files.map(\.routesOpened) == [2, 1])
    }

    /// `verify --actions` takes each action of each screen it opened, each in a child of its own,
    /// and reports a trap or a hang with the route and the action; without it, an action's trap
    /// passes unseen.
    @Test func actionsThatCrashOrHangAreReportedWithTheirRouteAndAction() async throws {
        let scratch = try Scratch()
        _ = try scratch.copy(BuildProducts.probe, as: "libProbePlugin.so")
        let arguments = ["verify", scratch.directory.path, "--timeout", "3"]
        let run = try await HostProcess.run(arguments + ["--actions"], environment: ["PLUGBOARD_PROBE_FAULTS": "1"])
        #expect(run.status == 1)
        let lines = run.standardOutput.split(separator: "\n").map(String.init)
        #expect(
            lines.contains {
                $0.hasPrefix(
                    "  ✗ libProbePlugin.so: crashed with signal 4 (Illegal instruction) while taking the action 'trap' "
                        + "of app://probe/identity: ProbePlugin/ProbePlugin.swift:")
                    && $0.hasSuffix(": Fatal error: the probe traps on purpose")
            }, "\(lines)")
        for action in ["hang", "stuck"] {
            #expect(
                lines.contains(
                    "  ✗ libProbePlugin.so: hung: taking the action '\(action)' of app://probe/identity did not finish "
                        + "within 3 s (killed)"), "\(lines)")
        }
        // Its other actions pass: the one that ends the process, the one that opens another route.
        #expect(!lines.contains { $0.contains("'exit'") || $0.contains("'circles'") }, "\(lines)")
        let without = try await HostProcess.run(arguments, environment: ["PLUGBOARD_PROBE_FAULTS": "1"])
        #expect(!without.standardOutput.contains("taking the action"), "\(without.standardOutput)")
        // The bundled plugins' actions all pass, each counted in the JSON.
        let json = try await HostProcess.run(["verify", "--actions", "--json"])
        #expect(json.status == 0, "\(json.standardError)")
        struct Verdict: Decodable { let actionsTaken: Int? }
        struct Listing: Decodable { let files: [Verdict] }
        let listing = try JSONDecoder().decode(Listing.self, from: Data(json.standardOutput.utf8))
        #expect(listing.files.allSatisfy { $0.actionsTaken != nil }, "\(json.standardOutput)")
        #expect(listing.files.compactMap(\.actionsTaken).reduce(0, +) > 10, "\(json.standardOutput)")
    }

    /// verify refuses what the host would refuse (a plugin that loads alone but needs one that is
    /// missing), and takes plugins as every command does: DIR, --plugins DIR, --with-bundled.
    @Test func verifyChecksResolutionAsTheHostDoesAndTakesPluginsAsEveryCommand() async throws {
        let scratch = try Scratch()
        let probe = try scratch.copy(BuildProducts.probe, as: "libProbePlugin.so")
        let seal = try await HostProcess.run(
            ["seal", probe], environment: ["PLUGBOARD_PROBE_DEPENDENCIES": "Account >=1.0.0 <2.0.0"])
        try #require(seal.status == 0, "\(seal.standardError)")
        let alone = try await HostProcess.run(["verify", scratch.directory.path])
        #expect(alone.status == 1)
        #expect(
            alone.standardOutput.contains(
                "  ✗ libProbePlugin.so: refused: it needs Account >=1.0.0 <2.0.0, and no Account is installed; "
                    + "install it, or declare the dependency optional\n"), "\(alone.standardOutput)")
        let resolved = try await HostProcess.run(["resolve", "--plugins", scratch.directory.path])
        #expect(resolved.status == 1 && resolved.standardOutput.contains("no Account is installed"))
        let beside = try await HostProcess.run(["verify", "--plugins", scratch.directory.path, "--with-bundled"])
        #expect(beside.status == 0, "\(beside.standardOutput)")
        #expect(beside.standardOutput.hasSuffix("6 of 6 plugin files passed\n"), "\(beside.standardOutput)")
    }

    @Test func pluginsThatLoadAloneAreCheckedTogether() async throws {
        let scratch = try Scratch()
        _ = try scratch.copy(BuildProducts.greeter, as: "libGreeterPlugin.so")
        let copy = try scratch.otherGreeterBuild(as: "libZGreeterPlugin.so")
        let original = scratch.directory.appendingPathComponent("libGreeterPlugin.so").path
        let run = try await HostProcess.run(["verify", scratch.directory.path])
        #expect(run.status == 1)
        #expect(
            run.standardOutput == """
                  ✓ libGreeterPlugin.so: loads: Greeter 1.0.0, 1 module
                  ✓ libZGreeterPlugin.so: loads: Greeter 1.0.0, 1 module
                  ✗ libZGreeterPlugin.so, with the others: refused: \(copy): plugin 'Greeter' is already loaded from \(original); remove one of the copies
                  ✓ 2 routes of the 1 plugin file that loads opened and rendered: none crashed or hung
                1 of 2 plugin files passed

                """)
        try FileManager.default.removeItem(atPath: copy)
        _ = try scratch.copy(BuildProducts.probe, as: "libProbePlugin.so")
        let together = try await HostProcess.run(["verify", scratch.directory.path])
        #expect(together.status == 0)
        #expect(
            together.standardOutput.hasSuffix(
                "  ✓ the 2 that load alone load together\n"
                    // The probe's route, the greeter's, and the greeter's with a parameter at its example.
                    + "  ✓ 3 routes opened and rendered: none crashed or hung\n2 of 2 plugin files passed\n"),
            "\(together.standardOutput)")
    }

    @Test(arguments: [
        ("", "the name is empty"), ("My Plugin", "the name \"My Plugin\" has whitespace or control characters"),
    ])
    func aManifestWithABadNameIsRefused(name: String, reason: String) async throws {
        let scratch = try Scratch()
        let probe = try scratch.copy(BuildProducts.probe, as: "libProbePlugin.so")
        let run = try await HostProcess.run(
            ["verify", scratch.directory.path], environment: ["PLUGBOARD_PROBE_NAME": name])
        #expect(run.status == 1)
        #expect(
            run.standardOutput
                == "  ✗ libProbePlugin.so: refused: \(probe): its manifest is not valid: \(reason); fix the "
                + "PluginManifest(name:version:) of its Plugin type\n0 of 1 plugin file passed\n")
    }
}

import Foundation
import Testing

/// `plugboard run --watch` replaces a plugin once a new build of its file is complete, on the
/// screen the person is on, with no command typed and no restart.
struct WatchTests {
    /// The host watching a copy of the probe beside the bundled plugins, with the probe's screen
    /// opened over the first one.
    private func watchedProbe(in scratch: Scratch) throws -> (RunningHost, path: String) {
        let path = try scratch.copy(BuildProducts.probe, as: "libProbePlugin.so")
        // A reload takes milliseconds: a host still running after a minute missed the change.
        let host = try RunningHost(
            ["run", "--watch", "--with-bundled", "--plugins", scratch.directory.path], timeLimit: 60)
        host.type("open app://probe/identity\n")
        host.read(until: "Stack: Home > Probe\n")
        #expect(host.seen.contains("  1) End the process  [exit]\n"))
        return (host, path)
    }

    /// Puts `bytes` in the place of the file at `path` as a build that renames a complete file
    /// over the old one does.
    private func rename(_ bytes: Data, over path: String, in scratch: Scratch) throws {
        let temporary = scratch.directory.appendingPathComponent("new-build.tmp")
        try bytes.write(to: temporary)
        #expect(Glibc.rename(temporary.path, path) == 0)
    }

    /// A new build of the probe whose action says "End the program".
    private func newBuild(in scratch: Scratch) throws -> Data {
        let patched = try scratch.patchedCopy(
            BuildProducts.probe, as: "patched.bin", replacing: "End the process", with: "End the program")
        return try Data(contentsOf: URL(fileURLWithPath: patched))
    }

    @Test func aNewBuildRenamedOverThePluginShowsOnTheCurrentScreenWithTheStackKept() throws {
        let scratch = try Scratch()
        let (host, path) = try watchedProbe(in: scratch)
        let before = host.seen.endIndex
        try rename(try newBuild(in: scratch), over: path, in: scratch)
        host.read(until: "Stack: ", after: host.read(until: "reloaded Probe", after: before))
        let (status, output, problems) = try host.finish()
        #expect(status == 0, "\(problems)")
        #expect(problems.contains("Watching the plugin files for changes\n"), "\(problems)")
        let reload = try #require(output[before...].range(of: "reloaded Probe 0.0.1 in "), "\(output)")
        #expect(
            output[reload.upperBound...].contains(
                " ms; 1 screen rebuilt\n┌─ Probe\n│ probe\n└─\n  1) End the program  [exit]\nStack: Home > Probe\n"),
            "\(output)")
    }

    /// An isolated plugin's new build replaces its process: a new one loads it, and the screens are
    /// rebuilt from it.
    @Test func aNewBuildOfAnIsolatedPluginReplacesItsProcess() throws {
        let scratch = try Scratch()
        let path = try scratch.copy(BuildProducts.probe, as: "libProbePlugin.so")
        let host = try RunningHost(
            ["run", "--watch", "--with-bundled", "--plugins", scratch.directory.path, "--isolate", "Probe"],
            timeLimit: 60)
        host.type("open app://probe/identity\n")
        host.read(until: "Stack: Home > Probe\n")
        let first = ProcessTable.pluginProcesses(of: host.processIdentifier)
        let before = host.seen.endIndex
        try rename(try newBuild(in: scratch), over: path, in: scratch)
        host.read(until: "Stack: ", after: host.read(until: "reloaded Probe", after: before))
        // The old process is killed once the new one serves: it ends a moment later.
        let ended = ContinuousClock.now + .seconds(10)
        var second = ProcessTable.pluginProcesses(of: host.processIdentifier)
        while second.contains(where: first.contains), .now < ended {
            usleep(10_000)
            second = ProcessTable.pluginProcesses(of: host.processIdentifier)
        }
        let (status, output, problems) = try host.finish()
        #expect(status == 0, "\(problems)")
        #expect(first.count == 1 && second.count == 1 && first != second, "\(first) then \(second)")
        let reload = try #require(output[before...].range(of: "reloaded Probe 0.0.1 in "), "\(output)")
        #expect(
            output[reload.upperBound...].contains(
                "; 1 screen rebuilt\n┌─ Probe\n│ probe\n└─\n  1) End the program  [exit]\nStack: Home > Probe\n"),
            "\(output)")
        #expect(!problems.contains("stopped"), "a replaced process is not reported as stopped: \(problems)")
    }

    @Test func aNewBuildWrittenInPlaceIsReloadedOnceItIsComplete() throws {
        let scratch = try Scratch()
        let (host, path) = try watchedProbe(in: scratch)
        let before = host.seen.endIndex
        // What is written is ready before the file is touched: the watch takes a file its writer
        // holds open as complete once its size stays the same for a while.
        let build = try newBuild(in: scratch)
        let handle = try FileHandle(forWritingTo: URL(fileURLWithPath: path))
        try handle.truncate(atOffset: 0)
        try handle.write(contentsOf: build)
        try handle.close()
        host.read(until: "Stack: Home > Probe\n", after: host.read(until: "reloaded Probe", after: before))
        let (status, output, problems) = try host.finish()
        #expect(status == 0, "\(problems)")
        // Reloaded once, from the whole file: not from a part of it while it was written.
        #expect(output[before...].components(separatedBy: "reloaded Probe").count == 2, "\(output)")
        #expect(!problems.contains("error:"), "\(problems)")
        #expect(output[before...].contains("  1) End the program  [exit]\nStack: Home > Probe\n"), "\(output)")
    }

    @Test func aRefusedBuildLeavesTheOldOneWorkingAndTheWatchGoesOn() throws {
        let scratch = try Scratch()
        let (host, path) = try watchedProbe(in: scratch)
        try rename(Data("not a shared object".utf8), over: path, in: scratch)
        // The shell goes on with the old build: its screen opens as before.
        host.type("open app://probe/identity\n")
        host.read(until: "Stack: Home > Probe > Probe\n")
        #expect(host.seen.contains("  1) End the process  [exit]\nStack: Home > Probe > Probe\n"), "\(host.seen)")
        let before = host.seen.endIndex
        try rename(try newBuild(in: scratch), over: path, in: scratch)
        host.read(until: "Stack: ", after: host.read(until: "reloaded Probe", after: before))
        let (status, output, problems) = try host.finish()
        // Through a pipe, the refused build makes the exit status 1.
        #expect(status == 1)
        #expect(problems.contains("error: plugin 'Probe' was refused: "), "\(problems)")
        #expect(problems.contains("libProbePlugin.so: not a loadable shared object"), "\(problems)")
        #expect(
            output[before...].contains(
                " ms; 2 screens rebuilt\n┌─ Probe\n│ probe\n└─\n  1) End the program  [exit]\nStack: Home > Probe > Probe\n"
            ),
            "\(output)")
    }

    @Test func aDeclaredPluginWhoseFileChangesIsDeclaredAnewAndOpensAsTheNewBuild() throws {
        let scratch = try Scratch()
        let path = try scratch.copy(BuildProducts.probe, as: "libProbePlugin.so")
        // The probe waits to be first needed: it is declared, not loaded.
        let host = try RunningHost(
            ["run", "--watch", "--with-bundled", "--plugins", scratch.directory.path],
            environment: ["PLUGBOARD_PROBE_LAZY": "1"], timeLimit: 60)
        host.read(until: "Stack: Home\n")
        try rename(try newBuild(in: scratch), over: path, in: scratch)
        host.read(until: "declared Probe 0.0.1 anew in ")
        host.type("open app://probe/identity\n")
        let opened = host.read(until: "Stack: Home > Probe\n")
        let (status, output, problems) = try host.finish()
        #expect(status == 0, "\(problems)")
        #expect(output[..<opened].hasSuffix("  1) End the program  [exit]\nStack: Home > Probe\n"), "\(output)")
        #expect(problems.contains("- Probe 0.0.1  (inactive until first needed)"), "\(problems)")
        #expect(output.contains("activated Probe 0.0.1 in "), "\(output)")
    }

    /// An isolated plugin not started yet takes a new build when it starts; once started, its next
    /// build replaces its process.
    @Test func anIsolatedPluginNotStartedTakesTheNewBuildWhenItStarts() throws {
        let scratch = try Scratch()
        let path = try scratch.copy(BuildProducts.probe, as: "libProbePlugin.so")
        let original = try Data(contentsOf: URL(fileURLWithPath: path))
        let host = try RunningHost(
            ["run", "--watch", "--with-bundled", "--plugins", scratch.directory.path, "--isolate", "Probe"],
            environment: ["PLUGBOARD_PROBE_LAZY": "1"], timeLimit: 60)
        host.read(until: "Stack: Home\n")
        try rename(try newBuild(in: scratch), over: path, in: scratch)
        host.read(until: "Probe 0.0.1 has not started: its process loads the new build when it is first needed\n")
        host.type("open app://probe/identity\n")
        let opened = host.read(until: "Stack: Home > Probe\n")
        let before = host.seen.endIndex
        try rename(original, over: path, in: scratch)
        host.read(until: "Stack: ", after: host.read(until: "reloaded Probe", after: before))
        let (status, output, problems) = try host.finish()
        #expect(status == 0, "\(problems)")
        #expect(output[..<opened].contains(/activated Probe 0\.0\.1 in [0-9.]+ ms \(isolated, process \d+\)\n/))
        #expect(output[..<opened].hasSuffix("  1) End the program  [exit]\nStack: Home > Probe\n"), "\(output)")
        #expect(
            output[before...].contains(
                /reloaded Probe 0\.0\.1 in [0-9.]+ ms \(isolated, process \d+\); 1 screen rebuilt\n/),
            "\(output)")
        #expect(output[before...].contains("  1) End the process  [exit]\nStack: Home > Probe\n"), "\(output)")
    }

    /// The greeter, and the probe, which needs it, watched, with the greeter's screen open.
    private func watchedGreeterAndDependent(good: [UInt8]) throws -> (RunningHost, path: String, Scratch) {
        let scratch = try Scratch()
        let path = scratch.directory.appendingPathComponent("libGreeterPlugin.so").path
        try Data(good).write(to: URL(fileURLWithPath: path))
        _ = try scratch.copy(BuildProducts.probe, as: "libProbePlugin.so")
        let host = try RunningHost(
            ["run", "--watch", "--plugins", scratch.directory.path, "--open", "app://greeter/hello"],
            environment: ["PLUGBOARD_PROBE_DEPENDENCIES": "Greeter >=1.0.0 <2.0.0"], timeLimit: 60)
        host.read(until: "Stack: Greeting\n")
        return (host, path, scratch)
    }

    @Test func aBuildForAnotherRuntimeIsRefusedAndTheOldOneWorksOn() async throws {
        let (good, refused, _) = try await Scratch.greeterAndRefusedCopy()
        let (host, path, scratch) = try watchedGreeterAndDependent(good: good)
        try rename(Data(refused), over: path, in: scratch)
        // The shell goes on with the old build: its screen opens as before.
        host.type("open app://greeter/hello/ann\n")
        host.read(until: "Stack: Greeting > Greeting\n")
        let (status, output, problems) = try host.finish()
        #expect(status == 1)
        #expect(problems.contains("error: plugin 'Greeter' was refused: "), "\(problems)")
        #expect(problems.contains("libGreeterPlugin.so: built for plugboard-runtime "), "\(problems)")
        #expect(!output.contains("reloaded"), "\(output)")
        #expect(output.contains("Hello, ann!"), "\(output)")
    }

    @Test func aBuildWhoseVersionAnActiveDependentRefusesIsRefusedAndTheOldOneWorksOn() async throws {
        let (good, _, _) = try await Scratch.greeterAndRefusedCopy()
        let (host, path, scratch) = try watchedGreeterAndDependent(good: good)
        // The version is the string "1.0.0" on its own, ended by a NUL as every string of the file.
        let second = try scratch.patchedCopy(
            BuildProducts.greeter, as: "second.bin", replacing: "\u{0}1.0.0\u{0}", with: "\u{0}2.0.0\u{0}")
        try rename(try Data(contentsOf: URL(fileURLWithPath: second)), over: path, in: scratch)
        host.type("open app://greeter/hello/ann\n")
        host.read(until: "Stack: Greeting > Greeting\n")
        let (status, output, problems) = try host.finish()
        #expect(status == 1)
        #expect(
            problems.contains(
                "error: the new build of 'Greeter' is version 2.0.0, but Probe 0.0.1, which is active, needs Greeter "),
            "\(problems)")
        #expect(!output.contains("reloaded"), "\(output)")
        #expect(output.contains("Hello, ann!"), "\(output)")
    }

    /// At a terminal, a line being typed when a new build arrives leaves the screen while the host
    /// reports, and comes back as it was, to be finished.
    @Test func theLineBeingTypedComesBackAfterAReload() async throws {
        let scratch = try Scratch()
        let path = try scratch.copy(BuildProducts.probe, as: "libProbePlugin.so")
        let build = scratch.directory.appendingPathComponent("new-build.tmp").path
        try newBuild(in: scratch).write(to: URL(fileURLWithPath: build))
        let history = scratch.directory.appendingPathComponent("history").path
        // Once the shell has written its first line to the history, and so is reading the next,
        // the new build is renamed over the plugin.
        let words =
            [try BuildProducts.host, "run", "--watch", "--plugins", scratch.directory.path]
            + ["--open", "app://probe/identity"]
        let command =
            "(until [ -s \(HostProcess.shellQuoted(history)) ]; do sleep 0.05; done; sleep 0.5; "
            + "mv \(HostProcess.shellQuoted(build)) \(HostProcess.shellQuoted(path))) & "
            + words.map(HostProcess.shellQuoted).joined(separator: " ")
        let run = try await HostProcess.runOnTerminal(
            command: command,
            typing: [
                (after: HostProcess.firstPrompt, keys: "stack\ropen app://pro"),
                (after: "reloaded Probe 0.0.1 in ", keys: "be/identity\r"),
                (after: "Stack: Probe > Probe", keys: "quit\r"),
            ],
            environment: ["PLUGBOARD_HISTORY": history])
        #expect(run.status == 0, "\(run.standardOutput)")
        let reloaded = try #require(run.standardOutput.range(of: "reloaded Probe 0.0.1 in "), "\(run.standardOutput)")
        let after = run.standardOutput[reloaded.upperBound...]
        // The screen the new build made, then the prompt with the line as it was left.
        #expect(after.contains("  1) End the program  [exit]\r\nStack: Probe\r\n\r> open app://pro"), "\(after)")
        #expect(after.contains("Stack: Probe > Probe"), "\(after)")
    }

    @Test func aScreenWhoseURLTheNewBuildNoLongerOpensIsCutFromTheStackSayingSo() throws {
        let scratch = try Scratch()
        let (host, path) = try watchedProbe(in: scratch)
        let before = host.seen.endIndex
        // The new build's route is app://probe/identit2: the open screen's URL no longer opens.
        let renamed = try scratch.patchedCopy(
            BuildProducts.probe, as: "renamed.bin", replacing: "app://probe/identity", with: "app://probe/identit2")
        try rename(try Data(contentsOf: URL(fileURLWithPath: renamed)), over: path, in: scratch)
        host.read(until: "Stack: ", after: host.read(until: "reloaded Probe", after: before))
        host.type("open app://probe/identit2\n")
        host.read(until: "Stack: Home > Probe\n", after: before)
        let (status, output, problems) = try host.finish()
        #expect(status == 0, "\(problems)")
        #expect(
            output[before...].contains(
                "; 0 screens rebuilt\n  no longer open, so removed from the stack: app://probe/identity\n"),
            "\(output)")
        // The stack ends at the last screen that still opens; the new route opens the new build.
        #expect(output[before...].contains("Stack: Home\n> open app://probe/identit2\n"), "\(output)")
    }
}

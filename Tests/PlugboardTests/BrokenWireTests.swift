import Foundation
import Testing

@testable import Plugboard

/// A plugin process is code the host does not trust, and its plugins can write to its socket: a
/// frame it leaves unfinished holds no reader past the time allowed, and a frame that holds no
/// message stops it with the reason. Each plugin process here is a shell script that writes
/// frames made ahead, then reads until the host closes the socket.
struct BrokenWireTests {
    @Test func aMessageLeftUnfinishedIsRefusedOnceItsTimeIsOut() throws {
        var ends: [Int32] = [-1, -1]
        try #require(socketpair(AF_UNIX, Int32(SOCK_STREAM.rawValue), 0, &ends) == 0)
        let plugin = ends[0]
        defer { close(plugin) }
        let host = WireConnection(descriptor: ends[1])
        let frame = try WireConnection.frame(.release(screen: 7))
        // Whole, in two parts: read.
        #expect(write(plugin, frame, 3) == 3)
        DispatchQueue.global().asyncAfter(deadline: .now() + .milliseconds(20)) {
            _ = frame[3...].withUnsafeBytes { write(plugin, $0.baseAddress, $0.count) }
        }
        #expect(try host.receive(within: .seconds(10)) == .release(screen: 7))
        // Left part way: refused once its time is out, not before.
        #expect(write(plugin, frame, 6) == 6)
        let asked = ContinuousClock.now
        #expect(throws: WireError.unfinished(within: .milliseconds(100))) {
            try host.receive(within: .milliseconds(100))
        }
        #expect(ContinuousClock.now - asked >= .milliseconds(100))
        #expect(
            WireError.unfinished(within: .milliseconds(100)).description == "no whole message came within 0.1 seconds")
    }

    @Test(.timeLimit(.minutes(1))) func aPluginProcessThatLeavesItsReadyUnfinishedCannotStart() async throws {
        let ready = try WireConnection.frame(Self.ready)
        let command = try Self.pluginProcess(
            writing: WireConnection.frame(.prepared(version: WireMessage.version)) + ready.prefix(9))
        await #expect(throws: IsolationError.cannotStart(reason: "its plugin was not ready within 0.3 seconds")) {
            try await IsolatedPlugin.start(files: ["libFake.so"], command: command, deadline: .milliseconds(300))
        }
    }

    @Test(.timeLimit(.minutes(1))) func anAnswerLeftUnfinishedHasThePluginStoppedAsNotResponding() async throws {
        let fake = try await IsolatedPlugin.start(
            files: ["libFake.so"], command: try Self.pluginProcess(afterward: [0, 0, 1, 0, 3]),
            deadline: .milliseconds(500))
        let process = try #require(fake.processID)
        let asked = ContinuousClock.now
        await #expect(throws: IsolationError.notResponding(plugin: "Fake 1.0.0", after: .milliseconds(500), report: ""))
        {
            try await fake.request { .open(request: $0, url: "app://fake", context: nil) }
        }
        #expect(ContinuousClock.now - asked < .seconds(5))
        #expect(fake.processID == nil && kill(process, 0) != 0, "its process is stopped and reaped")
    }

    @Test(.timeLimit(.minutes(1))) func aFrameThatHoldsNoMessageStopsThePluginAndSaysWhy() async throws {
        let fake = try await IsolatedPlugin.start(
            files: ["libFake.so"], command: try Self.pluginProcess(afterward: [0, 0, 0, 2, 0x7B, 0x7B]))
        let process = try #require(fake.processID)
        do throws(IsolationError) {
            _ = try await fake.request { .open(request: $0, url: "app://fake", context: nil) }
            Issue.record("a frame that holds no message was taken for an answer")
        } catch .stopped(let plugin, let lastWords, _) {
            // The reader saw the frame: its process stopped, and the request was answered so.
            #expect(plugin == "Fake 1.0.0")
            #expect(lastWords.hasPrefix("it sent what is no message of the wire (a frame holds no message of version"))
            #expect(lastWords.hasSuffix("so its process was stopped"))
        } catch {
            Issue.record("\(error)")
        }
        #expect(fake.processID == nil && kill(process, 0) != 0, "its process is stopped and reaped")
    }

    @Test(.timeLimit(.minutes(1))) func aPluginProcessThatClosesItsSocketAndRunsOnIsStopped() async throws {
        let ready = try WireConnection.frame(.prepared(version: WireMessage.version)) + WireConnection.frame(Self.ready)
        // It runs on for 10 s, far past the deadline (the one prepared ahead for the same command
        // ends by itself then).
        let fake = try await IsolatedPlugin.start(
            files: ["libFake.so"], command: try Self.pluginProcess(writing: ready, finally: "exec 3>&-; exec sleep 10"),
            deadline: .milliseconds(500))
        let process = try #require(fake.processID)
        let asked = ContinuousClock.now
        await #expect(
            throws: IsolationError.stopped(
                plugin: "Fake 1.0.0",
                lastWords: "it closed its connection to the host and went on running, so its process was stopped",
                report: "")
        ) {
            try await fake.request { .open(request: $0, url: "app://fake", context: nil) }
        }
        #expect(ContinuousClock.now - asked < .seconds(5))
        #expect(fake.processID == nil && kill(process, 0) != 0, "its process is stopped and reaped")
    }

    /// What the fake plugin process reports once its plugin is ready.
    static let ready = WireMessage.ready(
        version: WireMessage.version, plugins: [WirePlugin(name: "Fake", version: "1.0.0", modules: ["Fake.Module"])],
        routes: [WireRoute(pattern: "app://fake", title: "Fake", module: "Fake.Module", plugin: "Fake")],
        handlers: [], interceptors: [], fallback: nil,
        launch: LaunchReport(
            entries: [], criticalPath: [], duration: .zero, failure: nil, wasCancelled: false, quarantined: []))

    /// A plugin process that says it is prepared and ready, then, once a request may have come,
    /// writes `afterward`.
    static func pluginProcess(afterward: [UInt8]) throws -> [String] {
        try pluginProcess(
            writing: WireConnection.frame(.prepared(version: WireMessage.version)) + WireConnection.frame(ready),
            then: afterward)
    }

    /// The command of a plugin process that writes `first` to its socket, 0.2 s later `then`, and
    /// then runs `finally`: by default, reads until the host closes the socket.
    static func pluginProcess(
        writing first: [UInt8], then: [UInt8] = [], finally: String = "exec cat <&3 >/dev/null"
    ) throws -> [String] {
        // Removed as the tests end: the process prepared ahead for the same command reads them later.
        let directory = try TemporaryDirectories.make("plugboard-broken-wire-")
        let (firstFile, thenFile) = (directory.appending(path: "first"), directory.appending(path: "then"))
        try Data(first).write(to: firstFile)
        try Data(then).write(to: thenFile)
        let script = #"cat "$1" >&3; sleep 0.2; cat "$2" >&3; "# + finally
        return ["/bin/sh", "-c", script, "sh", firstFile.path, thenFile.path]
    }
}

import Foundation
import Testing

@testable import Plugboard

/// The wire between the host and a plugin process: each message crosses whole, a frame that holds
/// no message is refused with the reason and never crashes the reader, and a plugin process's
/// last words are read from what it wrote.
struct WireTests {
    static let messages: [WireMessage] = [
        .prepared(version: WireMessage.version),
        .hello(
            version: WireMessage.version, files: ["plugins/libAccount.so", "plugins/libNotes.so"],
            confinement: ProcessConfinement(
                granted: [.read("/srv"), .connect(host: "localhost", port: 8080), .memory(megabytes: 2048)],
                plugins: ["Account", "Notes"])),
        .ready(
            version: WireMessage.version,
            plugins: [
                WirePlugin(name: "Account", version: "1.0.0", modules: ["Account.Module"]),
                WirePlugin(name: "Notes", version: "1.0.0", modules: ["Notes.Module"]),
            ],
            routes: [
                WireRoute(
                    pattern: "app://notes/:id", title: "A note", example: "app://notes/1", module: "Notes.Module",
                    plugin: "Notes")
            ],
            handlers: [WireHandler(event: "background", module: "Notes.Module")],
            interceptors: [
                WireInterceptor(number: 0, pattern: nil, prefix: "app://notes/", priority: -10, module: "Notes.Module")
            ],
            fallback: "Notes.Module",
            launch: LaunchReport(
                entries: [], criticalPath: ["notes.open"], duration: .milliseconds(3),
                failure: LaunchReport.Failure(
                    task: "notes.open", owner: Owner(module: "Notes.Module", image: "libNotes.so"),
                    outcome: .timedOut(after: .seconds(5))),
                wasCancelled: false, quarantined: [QuarantinedPlugin(name: "Notes", reason: "a cycle")])),
        .ready(
            version: WireMessage.version, plugins: [WirePlugin(name: "Notes", version: "2.0.0-β", modules: [])],
            routes: [WireRoute(pattern: "app://notes", title: nil, module: "Notes.Module", plugin: "Notes")],
            handlers: [],
            interceptors: [
                WireInterceptor(number: 3, pattern: "app://notes/:id", prefix: nil, priority: 0, module: "Notes.Module")
            ],
            fallback: nil,
            launch: LaunchReport(
                entries: WireTests.outcomes.enumerated().map { number, outcome in
                    LaunchReport.Entry(
                        name: "notes.task\(number)", owner: Owner(module: "Notes.Module", image: "libNotes.so"),
                        phase: number % 2 == 0 ? .launch : .afterFirstScreen, isMainActor: number % 3 == 0,
                        isRequired: number % 2 == 1, dependencies: number == 0 ? [] : ["notes.task0", "db.open"],
                        start: .microseconds(number * 250), duration: .nanoseconds(-number), outcome: outcome)
                },
                criticalPath: [], duration: .seconds(Int64.max), failure: nil, wasCancelled: true, quarantined: [])),
        .post(request: 4, handler: 1, event: "user.logged-in", userInfo: ["account": "ann"]),
        .terminate(request: 5),
        .show(request: 8, screen: 3),
        .intercept(
            request: 6, interceptor: 0,
            route: WireRouteRequest(
                RouteRequest(
                    url: "app://notes/42?tab=all#top", pattern: try? RoutePattern("app://notes/:id"),
                    parameters: RouteParameters(path: [("id", "42")], query: [("tab", "all")], fragment: "top"),
                    context: "Groceries"))),
        .decision(request: 6, decision: .redirect(to: "app://login?next=app%3A%2F%2Fnotes%2F42")),
        .decision(request: 7, decision: .reject(reason: "not yours")),
        .done(request: 5),
        .refused(reason: "built for another runtime"),
        .open(request: 1, url: "app://notes/42?é=1", context: nil),
        .open(request: 1, url: "app://notes/42", context: .string("Groceries")),
        .open(request: -2, url: "", context: .integer(-7)),
        .open(request: Int.max, url: "app://notes", context: .number(-0.25)),
        .open(request: 3, url: "app://notes", context: .truth(true)),
        .perform(request: 2, screen: 1, action: "add", text: "milk\nand eggs"),
        .perform(request: 3, screen: 1, action: "save", text: nil),
        .perform(request: 4, screen: Int.min, action: "", text: ""),
        .release(screen: 1),
        .screen(
            request: 2,
            state: WireScreen(
                id: 1, title: "Notes", text: "1. milk\n2. 🎉",
                actions: [
                    WireAction(id: "add", title: "Add", takesText: true, isEnabled: false),
                    WireAction(id: "clear", title: "Clear", takesText: false, isEnabled: true),
                ])),
        .screen(request: 5, state: WireScreen(id: 2, title: "", text: "", actions: [])),
        .failed(request: 3, reason: "no screen 1 is open"),
        .navigate(screen: 1, request: WireNavigation(kind: .push, url: "app://circles")),
        .navigate(screen: 1, request: WireNavigation(kind: .pop, url: nil)),
        .navigate(screen: 1, request: WireNavigation(kind: .present, url: "app://circles/1", context: .integer(7))),
        .navigate(screen: 1, request: WireNavigation(kind: .push, url: "app://circles/1", refusal: "an object")),
    ]

    /// One of each way a startup task can end.
    static let outcomes: [LaunchReport.Outcome] = [
        .succeeded, .failed(reason: "no disk"), .timedOut(after: .seconds(5)), .cancelled(reason: "terminated"),
        .skipped(reason: "db.open failed"), .abandoned(after: .milliseconds(1500)),
    ]

    /// A context that is a value crosses as it is; any other is refused with its type and what to
    /// do, and the host's navigator answers the request with that refusal.
    @Test func aContextCrossesOnlyAsAValue() async {
        for context: any Sendable in ["Hiking", 42, 0.5, true] {
            let crossed = WireNavigation(.push("app://circles/1", context: context))
            #expect(crossed.refusal == nil)
            guard case .push(_, let back?) = crossed.request else {
                Issue.record("\(crossed.request) lost its context")
                continue
            }
            #expect(WireValue(back) == WireValue(context))
        }
        struct Preview: Sendable { let name: String }
        let refused = WireNavigation(.present("app://circles/1", context: Preview(name: "Hiking")))
        #expect(refused.context == nil)
        #expect(
            refused.refusal?.hasPrefix(
                "the navigation to 'app://circles/1' carries a context of type Preview, which cannot cross") == true,
            "\(String(describing: refused.refusal))")
        let navigator = await Navigator(registry: Registry())
        guard case .present(let url, let context) = refused.request else {
            Issue.record("\(refused.request) is not a present")
            return
        }
        do {
            try await navigator.open(url, context: context)
            Issue.record("the navigator showed a screen whose context did not cross")
        } catch {
            guard case .contextCannotCross(let reason) = error else {
                Issue.record("unexpected \(error)")
                return
            }
            #expect(reason == refused.refusal)
        }
    }

    @Test func everyMessageCrossesASocketWhole() throws {
        let (host, plugin) = try #require(WireConnection.pair())
        for message in Self.messages {
            try host.send(message)
            #expect(try plugin.receive() == message)
        }
        host.shutDown()
        #expect(throws: WireError.closed) { try plugin.receive() }
    }

    @Test func aWaitInAReadEndsWithTheReceiveTimeoutWhenAMessageComesLeavingItOrWhenTheOtherSideCloses() throws {
        let (host, plugin) = try #require(WireConnection.pair())
        host.setReceiveTimeout(.milliseconds(20))
        #expect(!host.waitInRead())
        try plugin.send(.release(screen: 1))
        #expect(host.waitInRead())
        #expect(try host.receive(within: .seconds(5)) == .release(screen: 1))
        plugin.shutDown()
        #expect(host.waitInRead())
        #expect(throws: WireError.closed) { try host.receive(within: .seconds(5)) }
    }

    @Test func aReceiveWithoutATimeOutlastsTheReceiveTimeout() throws {
        let (host, plugin) = try #require(WireConnection.pair())
        host.setReceiveTimeout(.milliseconds(1))
        DispatchQueue.global().asyncAfter(deadline: .now() + .milliseconds(50)) {
            try? plugin.send(.release(screen: 2))
        }
        #expect(try host.receive() == .release(screen: 2))
    }

    @Test func aFrameLargerThanAllowedIsRefused() throws {
        var ends: [Int32] = [-1, -1]
        try #require(socketpair(AF_UNIX, Int32(SOCK_STREAM.rawValue), 0, &ends) == 0)
        let plugin = WireConnection(descriptor: ends[1])
        let header: [UInt8] = [0x7F, 0xFF, 0xFF, 0xFF]
        #expect(write(ends[0], header, header.count) == 4)
        #expect(throws: WireError.malformed("a frame of 2147483647 bytes is larger than allowed")) {
            try plugin.receive()
        }
        close(ends[0])
    }

    /// Random bytes, and valid frames with bytes changed, cut or added: each is a message or a
    /// typed refusal, never a crash.
    @Test func randomAndDamagedFramesAreRefusedWithTheReason() throws {
        var generator = SystemRandomNumberGenerator()
        let valid = try Self.messages.map { try WireConnection.encode($0) }
        var refused = 0
        for round in 0..<20_000 {
            var bytes: [UInt8]
            if round % 2 == 0 {
                bytes = (0..<Int.random(in: 0..<64, using: &generator)).map { _ in
                    UInt8.random(in: 0...255, using: &generator)
                }
            } else {
                bytes = valid[round % valid.count]
                switch round % 3 {
                case 0:
                    if !bytes.isEmpty {
                        bytes[Int.random(in: 0..<bytes.count, using: &generator)] = UInt8.random(
                            in: 0...255, using: &generator)
                    }
                case 1: bytes = Array(bytes.prefix(Int.random(in: 0...bytes.count, using: &generator)))
                default:
                    bytes.insert(
                        UInt8.random(in: 0...255, using: &generator),
                        at: Int.random(in: 0...bytes.count, using: &generator))
                }
            }
            do {
                _ = try WireConnection.decode(bytes)
            } catch {
                guard case .malformed(let reason) = error,
                    reason.hasPrefix("a frame holds no message of version \(WireMessage.version)")
                else {
                    Issue.record("unexpected \(error)")
                    return
                }
                refused += 1
            }
        }
        #expect(refused > 10_000)
    }

    /// The messages of an open, an action and a pop, and a first use's hello, cross in the compact
    /// form, the others as JSON;
    /// a compact frame cut short, going on past its message or holding a field out of its range is
    /// refused with where it fails.
    @Test func theMessagesOfAnOpenCrossCompactAndABrokenOneIsRefusedWithWhere() throws {
        let open = try WireConnection.encode(.open(request: 1, url: "app://notes", context: .truth(true)))
        #expect(open.first == 1)
        #expect(try WireConnection.encode(.done(request: 1)).first == UInt8(ascii: "{"))
        let prefix = "a frame holds no message of version \(WireMessage.version): "
        let hello = WireMessage.hello(
            version: WireMessage.version, files: ["a.so", "b.so"],
            confinement: ProcessConfinement(granted: [.read("/srv"), .connect(host: "h", port: 8080)], plugins: []))
        let version = [UInt8(WireMessage.version), 0, 0, 0, 0, 0, 0, 0]
        let files: [UInt8] = [2, 0, 0, 0] + [4, 0, 0, 0] + Array("a.so".utf8) + [4, 0, 0, 0] + Array("b.so".utf8)
        // Confined: reads, writes and programs; ports; whether any network; memory in MiB.
        let paths: [UInt8] = [1, 0, 0, 0] + [4, 0, 0, 0] + Array("/srv".utf8) + [0, 0, 0, 0] + [0, 0, 0, 0]
        let port: [UInt8] = [0x90, 0x1F, 0, 0, 0, 0, 0, 0]
        let confinement = [1] + paths + [1, 0, 0, 0] + port + [0] + [0, 4, 0, 0, 0, 0, 0, 0]
        #expect(try WireConnection.encode(hello) == [5] + version + files + confinement)
        #expect(try WireConnection.decode([5] + version + files + confinement) == hello)
        // A process not confined.
        let unconfined = WireMessage.hello(version: WireMessage.version, files: ["a.so", "b.so"], confinement: nil)
        #expect(try WireConnection.decode([5] + version + files + [0]) == unconfined)
        // A port no connection has.
        #expect(throws: WireError.malformed(prefix + "it names port 0, which is not from 1 to 65535")) {
            let noPort = [1] + paths + [1, 0, 0, 0] + [0, 0, 0, 0, 0, 0, 0, 0] + [0] + [0, 4, 0, 0, 0, 0, 0, 0]
            _ = try WireConnection.decode([5] + version + files + noPort)
        }
        let ready = try #require(Self.messages.first { if case .ready = $0 { true } else { false } })
        let readyBytes = try WireConnection.encode(ready)
        #expect(readyBytes.first == 6)
        // A ready whose launch report holds an outcome of no kind.
        #expect(throws: WireError.malformed(prefix + "it holds an outcome of kind 7, which is none of 1 to 6")) {
            let entry = LaunchReport.Entry(
                name: "t", owner: Owner(module: "M", image: "i"), phase: .launch, isMainActor: false,
                isRequired: false, dependencies: [], start: .zero, duration: .zero, outcome: .succeeded)
            let message = WireMessage.ready(
                version: WireMessage.version, plugins: [], routes: [], handlers: [], interceptors: [], fallback: nil,
                launch: LaunchReport(
                    entries: [entry], criticalPath: [], duration: .zero, failure: nil, wasCancelled: false,
                    quarantined: []))
            var bytes = try WireConnection.encode(message)
            // The entry's outcome is the byte before the critical path's count, the duration's 16
            // bytes, the failure's absence, the cancellation and the quarantined count.
            let outcome = bytes.count - 1 - 4 - 16 - 1 - 1 - 4
            #expect(bytes[outcome] == 1)
            bytes[outcome] = 7
            _ = try WireConnection.decode(bytes)
        }
        // A frame: its length, most significant first, then the message's bytes.
        #expect(try WireConnection.frame(.release(screen: 1)) == [0, 0, 0, 9, 4, 1, 0, 0, 0, 0, 0, 0, 0])
        #expect(throws: WireError.malformed(prefix + "it ends inside its message")) {
            try WireConnection.decode(Array(open.dropLast()))
        }
        #expect(throws: WireError.malformed(prefix + "it goes on past its message")) {
            try WireConnection.decode(open + [0])
        }
        #expect(throws: WireError.malformed(prefix + "it holds 2 where a truth value (0 or 1) belongs")) {
            try WireConnection.decode(Array(open.dropLast()) + [2])
        }
        #expect(throws: WireError.malformed(prefix + "it holds a value of kind 5, which is none of 1 to 4")) {
            try WireConnection.decode(Array(open.dropLast(2)) + [5, 1])
        }
        // An open whose URL's length goes past the frame's end.
        #expect(throws: WireError.malformed(prefix + "it ends inside its message")) {
            try WireConnection.decode([1] + [1, 0, 0, 0, 0, 0, 0, 0] + [0xFF, 0xFF, 0xFF, 0xFF])
        }
    }

    @Test func aPluginProcesssLastWordsAreTheSwiftRuntimesMessageWithItsPlace() {
        let report = "chatter\nNotes/NotesScreen.swift:12: Fatal error: boom\n\n*** Signal 4: Backtracing ***\n"
        #expect(
            SpawnedProcess.lastWords(in: report, status: 4) == "Fatal error: boom (Notes/NotesScreen.swift:12)")
        #expect(SpawnedProcess.lastWords(in: "", status: 9) == "ended by signal 9 (Killed)")
        #expect(SpawnedProcess.lastWords(in: "bye\n", status: 3 << 8) == "ended with status 3")
        // The first process of a namespace says which signal ended it, and exits with 128 + it;
        // the line without that status is a plugin's own.
        let said = "plugboard: ended by signal 15\n"
        #expect(SpawnedProcess.lastWords(in: said, status: 143 << 8) == "ended by signal 15 (Terminated)")
        #expect(SpawnedProcess.lastWords(in: said, status: 0) == "ended with status 0")
        #expect(SpawnedProcess.lastWords(in: said, status: 137 << 8) == "ended with status 137")
    }

    /// A duration crosses as its parts, whole seconds then the nanoseconds below a second of the
    /// same sign; other parts (which the libFuzzer target of the wire found) would make a duration
    /// that cannot be taken apart again, and trap where it is: they are refused. So is a JSON
    /// `ready` whose report holds a duration of more seconds than an `Int64` counts; and a report's
    /// failure that says its task ran longer than the launch is not true.
    @Test func aDurationOfNoPartsIsRefused() throws {
        let seconds: Int64 = 0x0123_4567
        let report = LaunchReport(
            entries: [], criticalPath: [], duration: .seconds(seconds) + .nanoseconds(0x0765_4321), failure: nil,
            wasCancelled: false, quarantined: [])
        let ready = WireMessage.ready(
            version: WireMessage.version, plugins: [], routes: [], handlers: [], interceptors: [], fallback: nil,
            launch: report)
        let body = try WireConnection.encode(ready)
        let parts = (
            withUnsafeBytes(of: seconds.littleEndian, Array.init),
            withUnsafeBytes(of: Int64(0x0765_4321).littleEndian, Array.init)
        )
        let at = try #require(body.firstRange(of: parts.0 + parts.1)).lowerBound + 8
        #expect(try WireConnection.decode(body) == ready)
        for nanoseconds: Int64 in [1_000_000_000, -1, Int64.max] {
            var damaged = body
            damaged.replaceSubrange(at..<at + 8, with: withUnsafeBytes(of: nanoseconds.littleEndian, Array.init))
            #expect(throws: WireError.self) { try WireConnection.decode(damaged) }
        }
        let huge = LaunchReport(
            entries: [], criticalPath: [], duration: .seconds(Int64.max) + .seconds(Int64.max), failure: nil,
            wasCancelled: false, quarantined: [])
        let json = try JSONEncoder().encode(
            WireMessage.ready(
                version: WireMessage.version, plugins: [], routes: [], handlers: [], interceptors: [], fallback: nil,
                launch: huge))
        #expect(throws: WireError.self) { try WireConnection.decode(Array(json)) }
        // The most seconds counted decode: the host's check of the report then refuses them.
        let largest = WireMessage.ready(
            version: WireMessage.version, plugins: [], routes: [], handlers: [], interceptors: [], fallback: nil,
            launch: LaunchReport(
                entries: [], criticalPath: [], duration: .seconds(Int64.max), failure: nil, wasCancelled: false,
                quarantined: []))
        #expect(try WireConnection.decode(Array(JSONEncoder().encode(largest))) == largest)
        let failed = LaunchReport(
            entries: [], criticalPath: [], duration: .seconds(1),
            failure: LaunchReport.Failure(
                task: "notes.open", owner: Owner(module: "Notes.Module", image: "libNotes.so"),
                outcome: .timedOut(after: .seconds(100))),
            wasCancelled: false, quarantined: [])
        #expect(
            failed.problem(within: .seconds(5))?.contains("task 'notes.open' ran before it failed the launch") == true)
    }

    /// A spare process killed by another before it was told its plugin writes only the line that
    /// names the signal: nothing of a plugin's, so the host tries a new process rather than blame
    /// the plugin. What a plugin writes, or a backtrace, is a word of its own.
    @Test func aProcessThatSaysOnlyWhichSignalEndedItSaidNothing() {
        #expect(SpawnedProcess.saidNothing(""))
        #expect(SpawnedProcess.saidNothing("\nplugboard: ended by signal 6\n"))
        #expect(!SpawnedProcess.saidNothing("probe.start: waiting\nplugboard: ended by signal 6\n"))
        #expect(!SpawnedProcess.saidNothing("\n*** Signal 6: Backtracing ***\n"))
    }
}

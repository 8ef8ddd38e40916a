import Foundation
import Plugboard

/// Isolated plugins beside the same plugins in this process, in one run: opening and rendering an
/// active plugin's screen, beside the same in this process with one round trip of the same bytes
/// over a socket pair in each open (and beside the same plus the round trip timed alone, in a loop
/// of its own), back to back and spaced as a person's opens are; a first use, process start
/// included, beside a first use in this process; a plugin process's death to its screen showing
/// the stop; a restart to the rebuilt screen, beside a first use; a confined plugin's opens beside
/// a plugin's not confined (a first use is not compared: a process not confined may reach the
/// network, so it is never prepared ahead, and a first use of one starts its process); and, with 200 plugin processes running, the proportional
/// set size of each, this process's threads and descriptors, and an open's time, beside 5 running.
@MainActor
enum Isolated {
    struct Figures {
        var openRatios: [Double] = []
        var openMicroseconds: [Double] = []
        var floorMicroseconds: [Double] = []
        var inProcessMicroseconds: [Double] = []
        var roundTripMicroseconds: [Double] = []
        var pacedRatios: [Double] = []
        var pacedFloorMicroseconds: [Double] = []
        var spacedRatios: [Double] = []
        var spacedMicroseconds: [Double] = []
        var spacedFloorMicroseconds: [Double] = []
        var spacedInProcessMicroseconds: [Double] = []
        var firstUseRatios: [Double] = []
        var firstUseMilliseconds: [Double] = []
        var forkMilliseconds: [Double] = []
        var deathMilliseconds: [Double] = []
        var restartRatios: [Double] = []
        var confinedOpenRatios: [Double] = []
        var codingMicroseconds: [Double] = []
        var pssKilobytes: [Int] = []
        var rssKilobytes: [Int] = []
        /// This process's threads and descriptors with 5 plugin processes running, and with 200.
        var hostThreads: (few: Int, many: Int) = (0, 0)
        var hostDescriptors: (few: Int, many: Int) = (0, 0)
        /// An open's time with 200 running ÷ with 5, a round each.
        var crowdedOpenRatios: [Double] = []
    }

    /// Measures with the plugins of `directory` (from `first` on, a fresh one wherever a first use
    /// needs one) and `host`'s plugin processes.
    static func measure(_ directory: URL, host: String, first: Int, rounds: Int) async throws -> Figures {
        var figures = Figures()
        var next = first
        func plugin() -> (file: String, url: String) {
            defer { next += 1 }
            return (directory.appendingPathComponent(InstalledPlugins.file(next)).path, "app://p\(next)")
        }
        let command = [host, "plugin-process"]
        let clock = ContinuousClock()

        // Opening and rendering an active plugin's screen, many times a round.
        let local = plugin()
        let localNavigator = Navigator(registry: Registry())
        try PluginLoader(registry: localNavigator.registry).load(file: local.file)
        let remote = plugin()
        let remoteNavigator = Navigator(registry: Registry())
        let isolated = try await IsolatedPlugin.start(files: [remote.file], command: command)
        try isolated.register(into: remoteNavigator.registry)
        // The same, its process not confined.
        let trusted = plugin()
        let trustedNavigator = Navigator(registry: Registry())
        let unconfined = try await IsolatedPlugin.start(files: [trusted.file], command: command, confinement: nil)
        try unconfined.register(into: trustedNavigator.registry)
        let echo = try Echo()
        // Each stack's root, under the screens opened and popped.
        try await localNavigator.open(local.url)
        try await remoteNavigator.open(remote.url)
        try await trustedNavigator.open(trusted.url)
        for round in 0..<rounds {
            let times = 200
            func opening(_ navigator: Navigator, _ url: String) async throws -> Double {
                try await Self.openTime(navigator, url, times: times)
            }
            // The in-process open with a round trip of the bytes in each, as an isolated open
            // makes one: the far end has waited since the last, as a plugin process has.
            func pacedFloor() async throws -> Double {
                try await clock.measure {
                    for _ in 0..<times {
                        try await localNavigator.open(local.url)
                        try echo.roundTrip()
                        _ = localNavigator.topScreen?.render()
                        try await localNavigator.pop()
                    }
                }.seconds / Double(times)
            }
            // Each round in another order.
            var inProcess = 0.0
            var across = 0.0
            var paced = 0.0
            var acrossUnconfined = 0.0
            for step in 0..<4 {
                switch (round + step) % 4 {
                case 0: inProcess = try await opening(localNavigator, local.url)
                case 1: across = try await opening(remoteNavigator, remote.url)
                case 2: acrossUnconfined = try await opening(trustedNavigator, trusted.url)
                default: paced = try await pacedFloor()
                }
            }
            figures.confinedOpenRatios.append(across / acrossUnconfined)
            let roundTrip = try echo.roundTrip(times: times)
            figures.pacedRatios.append(across / paced)
            figures.pacedFloorMicroseconds.append(paced * 1e6)
            figures.codingMicroseconds.append(try coding(times: times) * 1e6)
            figures.openRatios.append(across / (inProcess + roundTrip))
            figures.openMicroseconds.append(across * 1e6)
            figures.floorMicroseconds.append((inProcess + roundTrip) * 1e6)
            figures.inProcessMicroseconds.append(inProcess * 1e6)
            figures.roundTripMicroseconds.append(roundTrip * 1e6)
        }
        // Each open after a pause, as a person's opens come: every side has gone idle since the last,
        // the benchmark's thread as well as the far end. After the rounds above, not among them: run
        // between them, it slowed the opens one after another that came next by a third.
        func spaced(_ open: () async throws -> Void) async throws -> Double {
            let times = 100
            var total = Duration.zero
            for _ in 0..<times {
                usleep(2000)
                total += try await clock.measure { try await open() }
            }
            return total.seconds / Double(times)
        }
        for _ in 0..<rounds {
            let spacedAcross = try await spaced {
                try await remoteNavigator.open(remote.url)
                _ = remoteNavigator.topScreen?.render()
                try await remoteNavigator.pop()
            }
            let spacedFloor = try await spaced {
                try await localNavigator.open(local.url)
                try echo.roundTrip()
                _ = localNavigator.topScreen?.render()
                try await localNavigator.pop()
            }
            let spacedInProcess = try await spaced {
                try await localNavigator.open(local.url)
                _ = localNavigator.topScreen?.render()
                try await localNavigator.pop()
            }
            figures.spacedRatios.append(spacedAcross / spacedFloor)
            figures.spacedMicroseconds.append(spacedAcross * 1e6)
            figures.spacedFloorMicroseconds.append(spacedFloor * 1e6)
            figures.spacedInProcessMicroseconds.append(spacedInProcess * 1e6)
        }

        // A first use: loading and registering, then opening and rendering, a plugin not used before.
        // Each first use and restart takes the plugin process prepared ahead; it comes 0.3 s after
        // the last start, as a person's next step does, so that process has started.
        let settle = Duration.milliseconds(300)
        for round in 0..<rounds {
            let (a, b) = (plugin(), plugin())
            try await Task.sleep(for: settle)
            func firstUseInProcess(_ plugin: (file: String, url: String)) async throws -> Double {
                try await clock.measure {
                    let navigator = Navigator(registry: Registry())
                    try PluginLoader(registry: navigator.registry).load(file: plugin.file)
                    try await navigator.open(plugin.url)
                    _ = navigator.topScreen?.render()
                }.seconds
            }
            func firstUseIsolated(_ plugin: (file: String, url: String)) async throws -> (Double, IsolatedPlugin) {
                var started: IsolatedPlugin?
                let time = try await clock.measure {
                    let navigator = Navigator(registry: Registry())
                    let isolated = try await IsolatedPlugin.start(files: [plugin.file], command: command)
                    try isolated.register(into: navigator.registry)
                    try await navigator.open(plugin.url)
                    _ = navigator.topScreen?.render()
                    started = isolated
                }.seconds
                return (time, started!)
            }
            // Each round in another order.
            let local: Double
            let remote: Double
            let started: IsolatedPlugin
            let url: String
            if round % 2 == 0 {
                local = try await firstUseInProcess(a)
                (remote, started) = try await firstUseIsolated(b)
                url = b.url
            } else {
                (remote, started) = try await firstUseIsolated(a)
                local = try await firstUseInProcess(b)
                url = a.url
            }
            figures.firstUseRatios.append(remote / local)
            figures.firstUseMilliseconds.append(remote * 1000)
            figures.forkMilliseconds.append(try forking() * 1000)

            // Its death, to its screen showing the stop; then a restart, to the rebuilt screen.
            let navigator = Navigator(registry: Registry())
            try started.register(into: navigator.registry)
            try await navigator.open(url)
            // The benchmark holds no screen of its own: the stopped one, still alive after the
            // rebuild, would be reported as a leak, and naming its type would be timed with it.
            guard let process = started.processID, navigator.topScreen != nil else { continue }
            let killed = clock.now
            kill(process, SIGKILL)
            while navigator.topScreen?.title.hasSuffix(" stopped") == false { await Task.yield() }
            figures.deathMilliseconds.append((clock.now - killed).seconds * 1000)
            try await Task.sleep(for: settle)
            let restart = try await clock.measure {
                try await started.restart()
                _ = await navigator.rebuildStoppedScreens()
                _ = navigator.topScreen?.render()
            }.seconds
            guard navigator.leaks.isEmpty else { throw Failure("the restart left \(navigator.leaks)") }
            figures.restartRatios.append(restart / remote)
        }

        // 200 plugin processes (of the population's first plugins, which only this process loaded),
        // each with its screen opened once, then idle; this process's threads and descriptors, and
        // an open's time, with 5 of them running and with all.
        var running: [(plugin: IsolatedPlugin, navigator: Navigator, url: String)] = []
        func openTime() async throws -> Double {
            try await Self.openTime(running[0].navigator, running[0].url, times: 200)
        }
        var fewOpens: [Double] = []
        for index in 0..<Self.crowd {
            let file = directory.appendingPathComponent(InstalledPlugins.file(index)).path
            let navigator = Navigator(registry: Registry())
            let isolated = try await IsolatedPlugin.start(files: [file], command: command)
            try isolated.register(into: navigator.registry)
            try await navigator.open("app://p\(index)")
            running.append((isolated, navigator, "app://p\(index)"))
            guard running.count == 5 else { continue }
            try await Task.sleep(for: .milliseconds(500))
            figures.hostThreads.few = Self.count("/proc/self/task")
            figures.hostDescriptors.few = Self.count("/proc/self/fd")
            for _ in 0..<rounds { fewOpens.append(try await openTime()) }
        }
        try await Task.sleep(for: .milliseconds(500))
        figures.hostThreads.many = Self.count("/proc/self/task")
        figures.hostDescriptors.many = Self.count("/proc/self/fd")
        for few in fewOpens { figures.crowdedOpenRatios.append(try await openTime() / few) }
        for (isolated, _, _) in running {
            guard let process = isolated.processID else { continue }
            let rollup = (try? String(contentsOfFile: "/proc/\(process)/smaps_rollup", encoding: .utf8)) ?? ""
            func field(_ name: String) -> Int? {
                rollup.split(separator: "\n").first { $0.hasPrefix(name + ":") }?.split(separator: " ").dropFirst()
                    .first.flatMap { Int($0) }
            }
            if let pss = field("Pss") { figures.pssKilobytes.append(pss) }
            if let rss = field("Rss") { figures.rssKilobytes.append(rss) }
        }
        withExtendedLifetime((isolated, running)) {}
        return figures
    }

    /// Seconds per open of `url` in `navigator`, its screen rendered and popped, over `times` of them.
    static func openTime(_ navigator: Navigator, _ url: String, times: Int) async throws -> Double {
        try await ContinuousClock().measure {
            for _ in 0..<times {
                try await navigator.open(url)
                _ = navigator.topScreen?.render()
                try await navigator.pop()
            }
        }.seconds / Double(times)
    }

    /// How many plugin processes run at once in the last measurement.
    static let crowd = 200

    /// How many entries the directory at `path` has: a `/proc` directory of threads or descriptors.
    private static func count(_ path: String) -> Int {
        (try? FileManager.default.contentsOfDirectory(atPath: path).count) ?? 0
    }
}

/// Seconds to fork this process and wait for the copy to end at once: the floor of starting any
/// process, even from a prepared one as a zygote would.
func forking() throws -> Double {
    try ContinuousClock().measure {
        let child = fork()
        if child == 0 { _exit(0) }
        guard child > 0 else { throw Failure("fork") }
        var status: Int32 = 0
        waitpid(child, &status, 0)
    }.seconds
}

/// An `open` request and its `screen` answer, as a plugin process answers the generated plugins.
let openAndItsAnswer: [WireMessage] = [
    .open(request: 1, url: "app://p300", context: nil),
    try! WireConnection.decode(
        Array(
            #"{"screen":{"request":1,"state":{"actions":[],"id":1,"text":"the screen of P300","title":"P300"}}}"#
                .utf8)),
]

/// Seconds to encode and decode an `open` request and a `screen` answer, as the wire does, over
/// `times` of them: where the time of a round trip to a plugin process goes.
@MainActor
func coding(times: Int) throws -> Double {
    try ContinuousClock().measure {
        for _ in 0..<times {
            for message in openAndItsAnswer {
                _ = try WireConnection.decode(try WireConnection.encode(message))
            }
        }
    }.seconds / Double(times)
}

/// A socket pair whose far end answers each frame with one of a screen's size: the floor of one
/// request's round trip to a plugin process, without the plugin.
final class Echo: Sendable {
    private let near: Int32
    private let request: [UInt8]

    init() throws {
        var ends: [Int32] = [-1, -1]
        guard socketpair(AF_UNIX, Int32(SOCK_STREAM.rawValue), 0, &ends) == 0 else { throw Failure("socketpair") }
        near = ends[0]
        request = try WireConnection.frame(openAndItsAnswer[0])
        // A plugin process's answer, as it encodes it.
        let answer = try WireConnection.frame(openAndItsAnswer[1])
        let far = ends[1]
        Thread.detachNewThread {
            var header = [UInt8](repeating: 0, count: 4)
            while Echo.readFully(far, &header) {
                let length = header.reduce(0) { $0 << 8 | Int($1) }
                var body = [UInt8](repeating: 0, count: length)
                guard Echo.readFully(far, &body) else { return }
                _ = answer.withUnsafeBytes { write(far, $0.baseAddress, $0.count) }
            }
        }
    }

    /// Seconds per round trip, over `times` of them one after another.
    func roundTrip(times: Int) throws -> Double {
        try ContinuousClock().measure {
            for _ in 0..<times { try roundTrip() }
        }.seconds / Double(times)
    }

    /// One round trip: the request written, the answer read whole.
    func roundTrip() throws {
        var answer = [UInt8](repeating: 0, count: 4)
        _ = request.withUnsafeBytes { write(near, $0.baseAddress, $0.count) }
        guard Echo.readFully(near, &answer) else { throw Failure("the echo ended") }
        var body = [UInt8](repeating: 0, count: answer.reduce(0) { $0 << 8 | Int($1) })
        guard Echo.readFully(near, &body) else { throw Failure("the echo ended") }
    }

    private static func readFully(_ descriptor: Int32, _ buffer: inout [UInt8]) -> Bool {
        var done = 0
        while done < buffer.count {
            let count = buffer.withUnsafeMutableBytes { read(descriptor, $0.baseAddress! + done, $0.count - done) }
            guard count > 0 else { return false }
            done += count
        }
        return true
    }
}

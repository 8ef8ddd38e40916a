import FoundationEssentials
import Glibc
import Plugboard

/// The probe as a plugin that attacks its host, for the tests of a host that trusts no plugin
/// process: it writes frames of its own to the socket its process was handed (descriptor 3),
/// beside those the runtime writes.
enum HostileProbe {
    /// With PLUGBOARD_PROBE_HOSTILE=1, the probe's screen offers the attacks as actions.
    static var isOn: Bool { getenv("PLUGBOARD_PROBE_HOSTILE") != nil }

    /// The attacks: a message only the host sends, an answer to a request never asked, and
    /// 200,000 navigations asked for by its view model at once.
    static func actions(model: ProbeViewModel) -> [ScreenAction] {
        [
            ScreenAction("forge-kind", title: "Send a message only the host sends") { _ in
                send(
                    .hello(
                        version: WireMessage.version, files: [],
                        confinement: ProcessConfinement(granted: [], plugins: [])))
            },
            ScreenAction("forge-answer", title: "Answer a request never asked") { _ in
                send(.done(request: 1_000_000))
            },
            ScreenAction("flood", title: "Ask for 200,000 navigations") { [model] _ in
                for _ in 0..<200_000 { model.navigation.send(.push("app://probe/identity")) }
            },
            ScreenAction("escape", title: "Start a process that leaves its session") { _ in escape() },
            ScreenAction("fuzz", title: "Send what the seed typed picks", takesText: true) { text in
                WireFuzz.send(seed: text.flatMap { UInt64($0) } ?? 1, by: write(frame:))
            },
        ]
    }

    /// The programs its escape starts: a shell, `setsid` and `sleep`.
    static let programs = ["/bin/sh", "/usr/bin/setsid", "/usr/bin/sleep"]

    /// Starts `sleep SECONDS` (PLUGBOARD_PROBE_ESCAPE_SECONDS, 3600 by default, so that a test
    /// finds it by its argument) in a session of its own, through a shell that ends at once: a
    /// process whose parent is gone and that no signal to the plugin process's group reaches.
    private static func escape() {
        let seconds = getenv("PLUGBOARD_PROBE_ESCAPE_SECONDS").map { String(cString: $0) } ?? "3600"
        _ = system("setsid sleep \(seconds) </dev/null >/dev/null 2>&1 &")
    }

    /// With PLUGBOARD_PROBE_FORGED_READY=1, the probe's startup task sends a `ready` of its own
    /// before the runtime's, whose launch took `Int64.max` seconds.
    static func forgeReadyIfAsked() async {
        guard getenv("PLUGBOARD_PROBE_FORGED_READY") != nil,
            let report = try? await Application(registry: Registry()).launch(),
            let encoded = try? JSONEncoder().encode(report),
            let absurd = try? JSONEncoder().encode(Duration.seconds(Int64.max))
        else { return }
        let launch = String(decoding: encoded, as: UTF8.self).replacing(
            /"duration":\[[^\]]*\]/, with: "\"duration\":" + String(decoding: absurd, as: UTF8.self))
        let plugin = #"{"name":"Probe","version":"0.0.1","modules":["ProbePlugin.ProbeModule"]}"#
        write(
            #"{"ready":{"version":\#(WireMessage.version),"plugins":[\#(plugin)],"routes":[],"handlers":[],"#
                + #""interceptors":[],"launch":\#(launch)}}"#)
    }

    /// Sends `message` in a frame, as the runtime sends its own.
    private static func send(_ message: WireMessage) {
        guard let json = try? JSONEncoder().encode(message) else { return }
        write(String(decoding: json, as: UTF8.self))
    }

    /// Writes `json` in a frame to the host: its length in 4 bytes, most significant first, then
    /// its bytes.
    private static func write(_ json: String) {
        write(frame: WireFuzz.frame(Array(json.utf8)))
    }

    /// Writes `bytes`, a frame or part of one, to the host.
    private static func write(frame bytes: [UInt8]) {
        _ = bytes.withUnsafeBytes { Glibc.write(3, $0.baseAddress, $0.count) }
    }
}

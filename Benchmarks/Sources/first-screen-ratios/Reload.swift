import Foundation
import Plugboard

/// A plugin replaced while the host runs: `plugboard run --watch` with one plugin's screen open,
/// timed from the moment a new build is renamed over the plugin's file to the moment the rebuilt
/// screen has been printed, beside loading and registering the same file in this process and
/// building its screen; and the host's resident memory after the reloads beside before them.
enum Reload {
    /// The figures of one run.
    struct Figures {
        /// Reload ÷ load and registration, one a round.
        let ratios: [Double]
        /// Each reload's time, in seconds.
        let reloads: [Double]
        /// How much the host's resident memory grew per reload, in KiB.
        let kilobytesPerReload: Int
        /// A reload in this process — replacing the plugin and rebuilding its screen, no file
        /// watched, nothing printed — ÷ load and registration, one a round.
        let inProcessRatios: [Double]
        /// The time of a command typed into the same shell and its answer (`stack`), in seconds:
        /// what waking the host and reading what it prints cost a reload too.
        let roundTrips: [Double]
    }

    /// Measures `rounds` reloads of the plugin `file` (whose route is `app://p0`) in `host`.
    @MainActor static func measure(_ file: URL, host: String, in root: URL, rounds: Int) async throws -> Figures {
        let watched = root.appendingPathComponent("reload")
        try? FileManager.default.removeItem(at: watched)
        try InstalledPlugins.makeDirectory(watched)
        let plugin = watched.appendingPathComponent("libP0.so")
        try FileManager.default.copyItem(at: file, to: plugin)
        let running = try RunningShell([host, "run", "--watch", "--plugins", watched.path, "--open", "app://p0"])
        defer { running.stop() }
        try running.read(until: "Stack: P0\n")
        let before = try running.residentKilobytes()
        var (ratios, reloads, inProcessRatios, roundTrips) = ([Double](), [Double](), [Double](), [Double]())
        let local = try await InProcess(file, in: root)
        for round in 0...rounds {
            let build = watched.appendingPathComponent("new-build.tmp")
            try FileManager.default.copyItem(at: file, to: build)
            let start = ContinuousClock.now
            guard rename(build.path, plugin.path) == 0 else { throw Failure("cannot rename over \(plugin.path)") }
            try running.read(until: "reloaded P0")
            try running.read(until: "Stack: P0\n")
            let reload = (ContinuousClock.now - start).seconds
            // The same file, as a new image: a copy under a name of its own, in a new registry.
            let copy = root.appendingPathComponent("reload-anchor-\(round).so")
            try? FileManager.default.removeItem(at: copy)
            try FileManager.default.copyItem(at: file, to: copy)
            let loading = try await ContinuousClock().measure {
                let registry = Registry()
                try PluginLoader(registry: registry).load(file: copy.path)
                _ = try await registry.screen(for: "app://p0").render()
            }
            try FileManager.default.removeItem(at: copy)
            let inProcess = try await local.reload()
            let typed = ContinuousClock.now
            running.type("stack\n")
            try running.read(until: "Stack: P0\n")
            let roundTrip = (ContinuousClock.now - typed).seconds
            guard round > 0 else { continue }  // the first round warms the caches
            roundTrips.append(roundTrip)
            reloads.append(reload)
            ratios.append(reload / loading.seconds)
            inProcessRatios.append(inProcess.seconds / loading.seconds)
        }
        let after = try running.residentKilobytes()
        return Figures(
            ratios: ratios, reloads: reloads, kilobytesPerReload: (after - before) / (rounds + 1),
            inProcessRatios: inProcessRatios, roundTrips: roundTrips)
    }

    /// The plugin loaded in this process, as a host that reloads loads it, with its screen open.
    @MainActor private final class InProcess {
        let population: PluginPopulation
        let navigator: Navigator
        let file: URL

        init(_ file: URL, in root: URL) async throws {
            let directory = root.appendingPathComponent("reload-in-process")
            try? FileManager.default.removeItem(at: directory)
            try InstalledPlugins.makeDirectory(directory)
            self.file = directory.appendingPathComponent("libP0.so")
            try FileManager.default.copyItem(at: file, to: self.file)
            guard let manifest = try ManifestReader.read(fileAt: self.file.path) else {
                throw Failure("P0 is not sealed")
            }
            population = PluginPopulation(
                loader: PluginLoader(registry: Registry(), policy: LoadPolicy(mapsPrivateCopies: true)),
                resolved: [PluginCandidate(path: self.file.path, name: "P0", version: manifest.version)],
                manifests: [self.file.path: manifest])
            population.install(eager: true)
            navigator = Navigator(registry: population.loader.registry)
            try await navigator.open("app://p0")
        }

        /// Replaces the plugin by its file and rebuilds its screen; returns how long that took.
        func reload() async throws -> Duration {
            try await ContinuousClock().measure {
                try await population.reload("P0")
                _ = await navigator.rebuildScreens(of: "P0")
                _ = navigator.topScreen?.render()
            }
        }
    }

}

/// The host's shell, running with its input open; what it prints is read as it comes.
private final class RunningShell {
    private let process = Process()
    private let input = Pipe()
    private let output = Pipe()
    private var unread = ""

    init(_ arguments: [String]) throws {
        process.executableURL = URL(fileURLWithPath: arguments[0])
        process.arguments = Array(arguments.dropFirst())
        process.environment = ProcessInfo.processInfo.environment.merging(["PLUGBOARD_MANIFEST_CACHE": ""]) { $1 }
        (process.standardInput, process.standardOutput) = (input, output)
        process.standardError = FileHandle.nullDevice
        try process.run()
    }

    /// Reads until what was printed since the last marker holds `marker`.
    func read(until marker: String) throws {
        while true {
            if let found = unread.range(of: marker) {
                unread.removeSubrange(..<found.upperBound)
                return
            }
            let chunk = output.fileHandleForReading.availableData
            guard !chunk.isEmpty else { throw Failure("the host ended before it printed '\(marker)'") }
            unread += String(decoding: chunk, as: UTF8.self)
        }
    }

    /// Types `line` into the shell.
    func type(_ line: String) {
        input.fileHandleForWriting.write(Data(line.utf8))
    }

    /// The host's resident memory now (VmRSS), in KiB.
    func residentKilobytes() throws -> Int {
        let status = try String(contentsOfFile: "/proc/\(process.processIdentifier)/status", encoding: .utf8)
        guard let line = status.split(separator: "\n").first(where: { $0.hasPrefix("VmRSS:") }),
            let value = Int(line.split(separator: " ", omittingEmptySubsequences: true).dropFirst().first ?? "")
        else { throw Failure("no VmRSS for the host") }
        return value
    }

    func stop() {
        try? input.fileHandleForWriting.close()
        process.waitUntilExit()
    }
}

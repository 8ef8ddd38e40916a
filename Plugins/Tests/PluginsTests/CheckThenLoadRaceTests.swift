import Foundation
import Plugboard
import Testing

/// The file the loader maps is the file it checked: another file renamed over the checked one
/// while it loads is never what runs.
struct CheckThenLoadRaceTests {
    /// Runs 60 races and expects each to end in one of the outcomes a checked file allows
    /// (``checked``, and `alsoAllowed`): each time, `good` is put at the file `target` (by default
    /// a file of another name each time), as a new file renamed into place; `prepare` runs, and
    /// `refused` is renamed over the file the moment a loader first opens it (told by inotify), or
    /// a few microseconds later, while `load` loads it and says what came of it.
    private func race(
        good: [UInt8], refused: [UInt8], in scratch: Scratch, target: String? = nil,
        loaded: String = greeterLoaded, alsoAllowed: Set<String> = [],
        prepare: (String) throws -> Void = { _ in }, load: (String) async -> String
    ) async throws {
        let directory = scratch.directory.path
        var outcomes: [String: Int] = [:]
        for attempt in 0..<60 {
            // Fresh files each time: a file whose inode is already mapped would give the old image.
            let target = target ?? "\(directory)/libPlugin\(attempt).so"
            let (fresh, waiting) = ("\(directory)/good\(attempt)", "\(directory)/refused\(attempt)")
            try Data(good).write(to: URL(fileURLWithPath: fresh))
            #expect(rename(fresh, target) == 0)
            try Data(refused).write(to: URL(fileURLWithPath: waiting))
            try prepare(target)
            let watch = inotify_init1(Int32(IN_CLOEXEC))
            try #require(watch >= 0 && inotify_add_watch(watch, target, UInt32(IN_OPEN)) >= 0)
            // The renamer sleeps in `poll` until the open (it wakes within microseconds, and takes
            // no processor from the loader and the other tests while it waits), then spins for
            // the delay, to act within microseconds of the open.
            let delay = Duration.microseconds(attempt % 20 * 2)
            let renamer = Thread {
                var buffer = [UInt8](repeating: 0, count: 256)
                var opening = pollfd(fd: watch, events: Int16(POLLIN), revents: 0)
                if poll(&opening, 1, 10_000) == 1 { _ = read(watch, &buffer, buffer.count) }
                let clock = ContinuousClock()
                let opened = clock.now
                while clock.now < opened + delay {}
                rename(waiting, target)
                close(watch)
            }
            renamer.start()
            outcomes[await load(target), default: 0] += 1
            while FileManager.default.fileExists(atPath: waiting) { usleep(100) }
        }
        #expect(Set(outcomes.keys).isSubset(of: checked(loaded).union(alsoAllowed)), "\(outcomes)")
        #expect(outcomes.values.reduce(0, +) == 60)
    }

    /// What came of loading into `registry`: the patterns and titles of its routes, or why it was
    /// refused.
    private func outcome(_ registry: Registry, refusal: PluginLoadError?) -> String {
        switch refusal {
        case nil:
            "loaded: "
                + registry.snapshot.routes.map { "\($0.pattern) (\($0.title ?? ""))" }.sorted().joined(separator: ", ")
        case .fingerprintMismatch: "refused: fingerprint"
        case .contentChanged: "refused: content changed"
        case let error?: "\(error)"
        }
    }

    /// What came of `step`, an activation or a replacement of a plugin into `registry`.
    private func outcome(in registry: Registry, of step: () async throws(ActivationError) -> Void) async -> String {
        do {
            try await step()
            return outcome(registry, refusal: nil)
        } catch {
            guard case .refused(_, let refusal) = error else { return "\(error)" }
            return outcome(registry, refusal: refusal)
        }
    }

    /// The good greeter loaded: its routes, titled by its code.
    private static let greeterLoaded =
        "loaded: app://greeter/hello (A greeting from the greeter plugin), app://greeter/hello/:name (A greeting for someone)"
    /// The good probe loaded: its route, named by its code.
    private static let probeLoaded = "loaded: app://probe/identity (Probe)"

    /// Checked the good file, which loads as `loaded` says: the good file is loaded. Checked the
    /// refused one: refused. Anything else (the refused file's route after the good file was
    /// checked) means the mapped file is not the checked one.
    private func checked(_ loaded: String) -> Set<String> { [loaded, "refused: fingerprint"] }

    @Test func aFileRenamedOverTheCheckedOneIsNeverLoaded() async throws {
        let (good, refused, scratch) = try await Scratch.greeterAndRefusedCopy()
        try await race(good: good, refused: refused, in: scratch) { target in
            let registry = Registry()
            do throws(PluginLoadError) {
                try PluginLoader(registry: registry).load(file: target)
                return outcome(registry, refusal: nil)
            } catch {
                return outcome(registry, refusal: error)
            }
        }
    }

    /// A reload opens the plugin's file once, checks it through that descriptor and maps a copy
    /// of what it read: a file renamed over it meanwhile is never what runs. (The probe, whose
    /// shutdown work, run at each reload, prints nothing into the tests' output.)
    @Test func aFileRenamedOverAReloadedPluginIsNeverLoaded() async throws {
        let (good, refused, scratch) = try await Scratch.sealedAndRefusedCopy(
            of: try BuildProducts.probe, marking: "app://probe/identity", as: "app://probe/identit2")
        let path = scratch.directory.appendingPathComponent("libProbe.so").path
        try Data(good).write(to: URL(fileURLWithPath: path))
        let manifest = try #require(try ManifestReader.read(fileAt: path))
        let population = PluginPopulation(
            loader: PluginLoader(registry: Registry(), policy: LoadPolicy(mapsPrivateCopies: true)),
            resolved: [PluginCandidate(path: path, name: "Probe", version: "0.0.1")], manifests: [path: manifest])
        population.install(eager: true)
        let registry = population.loader.registry
        try await race(good: good, refused: refused, in: scratch, target: path, loaded: Self.probeLoaded) { _ in
            let result = await outcome(in: registry) { () async throws(ActivationError) in
                try await population.reload("Probe")
            }
            // Refused or not, the build in place is a checked one, with all its routes.
            #expect(outcome(registry, refusal: nil) == Self.probeLoaded)
            return result
        }
    }

    /// Activating a declared plugin checks its file's content against what was declared, through
    /// the descriptor it maps: a file renamed over it meanwhile is refused, never loaded.
    @Test func aFileRenamedOverAPluginBeingActivatedIsNeverLoaded() async throws {
        let (good, refused, scratch) = try await Scratch.greeterAndRefusedCopy()
        let path = scratch.directory.appendingPathComponent("libGreeter.so").path
        var population: PluginPopulation?
        try await race(
            good: good, refused: refused, in: scratch, target: path, alsoAllowed: ["refused: content changed"],
            prepare: { target in
                let manifest = try #require(try ManifestReader.read(fileAt: target))
                let candidate = PluginCandidate(
                    path: target, name: "Greeter", version: "1.0.0",
                    contentDigest: PluginLoader.contentDigest(ofFileAt: target))
                population = PluginPopulation(
                    loader: PluginLoader(registry: Registry()), resolved: [candidate], manifests: [target: manifest])
                population?.install()
            },
            load: { _ in
                guard let population else { return "no population" }
                return await outcome(in: population.loader.registry) { () async throws(ActivationError) in
                    try await population.activate("Greeter")
                }
            })
    }
}

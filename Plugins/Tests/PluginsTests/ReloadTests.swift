import Foundation
import Plugboard
import Testing

/// A new build of an active plugin, written over its file in place, replaces it in the running
/// process in one step; a new build that is refused leaves the old one working.
struct ReloadTests {
    /// A copy of the probe, loaded from the start into a registry of its own, mapped from a copy
    /// of its file, as a host that reloads maps plugins: writing its file in place then changes
    /// nothing under the running image.
    static func loadedProbe(in scratch: Scratch) throws -> (PluginPopulation, path: String) {
        let path = try scratch.copy(BuildProducts.probe, as: "libProbePlugin.so")
        let population = PluginPopulation(
            loader: PluginLoader(registry: Registry(), policy: LoadPolicy(mapsPrivateCopies: true)),
            resolved: [PluginCandidate(path: path, name: "Probe", version: "0.0.1")],
            manifests: [path: try HeldManifest.probe()])
        population.install(eager: true)
        return (population, path)
    }

    /// The title of the first action of the probe's screen, as the registry builds it now.
    @MainActor
    private func actionTitle(in registry: Registry) async throws -> String? {
        try await registry.screen(for: "app://probe/identity").actions.first?.title
    }

    /// Writes a new build of the probe over the file at `path`, in place: its action says "End the
    /// program" where the build loaded says "End the process".
    private func writeNewBuild(over path: String, in scratch: Scratch) throws {
        let patched = try scratch.patchedCopy(
            path, as: "patched.bin", replacing: "End the process", with: "End the program")
        try rewrite(path, with: try Data(contentsOf: URL(fileURLWithPath: patched)))
    }

    /// Writes `bytes` over the file at `path`, in place: the same inode, as a build may.
    private func rewrite(_ path: String, with bytes: Data) throws {
        let handle = try FileHandle(forWritingTo: URL(fileURLWithPath: path))
        try handle.truncate(atOffset: 0)
        try handle.write(contentsOf: bytes)
        try handle.close()
    }

    @Test func aNewBuildWrittenInPlaceReplacesThePluginInOneStep() async throws {
        let scratch = try Scratch()
        let (population, path) = try Self.loadedProbe(in: scratch)
        let registry = population.loader.registry
        #expect(try await actionTitle(in: registry) == "End the process")
        let inode = try FileManager.default.attributesOfItem(atPath: path)[.systemFileNumber] as? Int
        try writeNewBuild(over: path, in: scratch)
        #expect(try FileManager.default.attributesOfItem(atPath: path)[.systemFileNumber] as? Int == inode)

        let reloaded = try await population.reload("Probe")
        #expect(reloaded.manifest.name == "Probe")
        #expect(try await actionTitle(in: registry) == "End the program")
        let snapshot = registry.snapshot
        #expect(snapshot.plugins.map(\.manifest.name) == ["Probe"])
        #expect(snapshot.modules.map(\.name) == ["ProbePlugin.ProbeModule"])
        #expect(snapshot.tasks.map(\.name) == ["probe.start"])
        #expect(try registry.service(Owner.self).module == "ProbePlugin.ProbeModule")
    }

    @Test func thePopulationKnowsTheNewBuildsVersionAfterAReload() async throws {
        let scratch = try Scratch()
        let (population, path) = try Self.loadedProbe(in: scratch)
        let patched = try scratch.patchedCopy(path, as: "versioned.bin", replacing: "0.0.1", with: "0.0.2")
        try rewrite(path, with: try Data(contentsOf: URL(fileURLWithPath: patched)))
        let reloaded = try await population.reload("Probe")
        #expect(reloaded.manifest.version == "0.0.2")
        #expect(population.members.map(\.candidate.title) == ["Probe 0.0.2"])
        #expect(population.members.map(\.manifest.version) == ["0.0.2"])
        #expect(population.members.map(\.state.isActive) == [true])
    }

    @Test func aServiceHeldAcrossAReloadRunsTheOldBuildAndALookupFindsTheNewOne() async throws {
        let scratch = try Scratch()
        let (population, path) = try Self.loadedProbe(in: scratch)
        let registry = population.loader.registry
        let held = try registry.service((any CustomStringConvertible & Sendable).self)
        #expect(held.description == "End the process")
        try writeNewBuild(over: path, in: scratch)
        _ = try await population.reload("Probe")
        // The old build's image stays mapped: the service held runs the old build's code.
        #expect(held.description == "End the process")
        #expect(try registry.service((any CustomStringConvertible & Sendable).self).description == "End the program")
    }

    @Test @MainActor func theScreensOfTheOldBuildAreRebuiltAndItsScreensViewModelsAndModulesReleased() async throws {
        let scratch = try Scratch()
        let (population, path) = try Self.loadedProbe(in: scratch)
        let navigator = Navigator(registry: population.loader.registry)
        try await navigator.open("app://probe/identity")
        weak let oldScreen = navigator.topScreen.map { $0 as AnyObject }
        weak let oldViewModel = navigator.topScreen?.viewModel.map { $0 as AnyObject }
        // The probe's view model holds the module whose route built it.
        weak let oldModule = navigator.topScreen?.viewModel.flatMap { Mirror(reflecting: $0).descendant("module") }
            .map { $0 as AnyObject }
        #expect(oldScreen != nil && oldViewModel != nil && oldModule != nil)
        try writeNewBuild(over: path, in: scratch)
        try await population.reload("Probe")
        let rebuilt = await navigator.rebuildScreens(of: "Probe")
        #expect(rebuilt.rebuilt == 1 && rebuilt.removed.isEmpty)
        #expect(navigator.topScreen?.actions.first?.title == "End the program")
        #expect(navigator.state.description == "Probe")
        // Nothing holds the old build's screen, view model or module any more: not the navigator,
        // not the registry, not the router.
        #expect(oldScreen == nil)
        #expect(oldViewModel == nil)
        #expect(oldModule == nil)
        #expect(navigator.leaks.isEmpty, "\(navigator.leaks)")
    }

    @Test func aRefusedNewBuildLeavesTheOldOneWorking() async throws {
        let scratch = try Scratch()
        let (population, path) = try Self.loadedProbe(in: scratch)
        let registry = population.loader.registry
        try rewrite(path, with: Data("not a shared object".utf8))
        let error = await #expect(throws: ActivationError.self) { try await population.reload("Probe") }
        guard case .refused("Probe", .notASharedObject) = error else {
            Issue.record("unexpected \(String(describing: error))")
            return
        }
        #expect(try await actionTitle(in: registry) == "End the process")
        #expect(registry.snapshot.plugins.count == 1)
    }

    @Test func aDeclaredPluginWhoseFileChangedIsDeclaredAnewAndLoadsTheNewBuild() async throws {
        let scratch = try Scratch()
        let path = try scratch.copy(BuildProducts.greeter, as: "libGreeterPlugin.so")
        let manifest = try HeldManifest.greeter()
        let population = PluginPopulation(
            loader: PluginLoader(registry: Registry()),
            resolved: [
                PluginCandidate(
                    path: path, name: "Greeter", version: "1.0.0",
                    contentDigest: PluginLoader.contentDigest(ofFileAt: path))
            ], manifests: [path: manifest])
        population.install()
        let registry = population.loader.registry
        let patched = try scratch.patchedCopy(
            path, as: "patched.bin", replacing: "from the greeter plugin", with: "from the patched plugin")
        try rewrite(path, with: try Data(contentsOf: URL(fileURLWithPath: patched)))

        // Still declared as the old build: the file's new content is refused when it is first needed.
        let refused = await #expect(throws: ActivationError.self) { try await population.activate("Greeter") }
        guard case .refused("Greeter", .contentChanged) = refused else {
            Issue.record("unexpected \(String(describing: refused))")
            return
        }
        // Declared anew from what the file holds now, it loads the new build.
        try population.redeclare(
            PluginCandidate(
                path: path, name: "Greeter", version: "1.0.0", contentDigest: PluginLoader.contentDigest(ofFileAt: path)
            ),
            manifest: manifest)
        #expect(population.members.map(\.state.description) == ["declared"])
        _ = try await registry.resolve("app://greeter/hello")
        #expect(registry.snapshot.routes.compactMap(\.title).contains("A greeting from the patched plugin"))
        // An active plugin is replaced, not declared anew.
        let active = #expect(throws: ActivationError.self) {
            try population.redeclare(PluginCandidate(path: path, name: "Greeter", version: "1.0.0"), manifest: manifest)
        }
        guard case .alreadyActive("Greeter") = active else {
            Issue.record("unexpected \(String(describing: active))")
            return
        }
    }

    @Test func theShellReloadsAPluginWrittenInPlaceAndRebuildsItsScreen() throws {
        let scratch = try Scratch()
        let path = try scratch.copy(BuildProducts.probe, as: "libProbePlugin.so")
        let host = try RunningHost(["run", "--plugins", scratch.directory.path, "--open", "app://probe/identity"])
        // Once the probe's screen shows, its file is written over in place, and the shell told.
        host.read(until: "Stack: Probe\n")
        #expect(host.seen.contains("  1) End the process  [exit]\n"))
        try writeNewBuild(over: path, in: scratch)
        host.type("reload Probe\nstack\nquit\n")
        let (status, text, problems) = try host.finish()
        #expect(status == 0, "\(problems)")
        let reloaded = try #require(text.range(of: "> reload Probe\nreloaded Probe 0.0.1 in "), "\(text)")
        let after = text[reloaded.upperBound...]
        #expect(
            after.contains(" ms; 1 screen rebuilt\n┌─ Probe\n│ probe\n└─\n  1) End the program  [exit]\n"), "\(text)")
        #expect(after.contains("> stack\nStack: Probe\n"))
    }

    @Test func thePluginsThatNeedAReplacedPluginHearOfIt() async throws {
        let scratch = try Scratch()
        _ = try scratch.copy(BuildProducts.path("libAccountPlugin.so"), as: "libAccountPlugin.so")
        _ = try scratch.copy(BuildProducts.probe, as: "libProbePlugin.so")
        let run = try await HostProcess.run(
            ["run", "--plugins", scratch.directory.path, "--open", "app://probe/identity"],
            input: "reload Account\nreload Probe\nquit\n",
            environment: [
                "PLUGBOARD_PROBE_DEPENDENCIES": "Account >=1.0.0 <2.0.0",
                "PLUGBOARD_PROBE_EVENT": "plugboard.plugin-replaced",
            ])
        #expect(run.status == 0, "\(run.standardError)")
        // The probe needs the account: it hears that the account was replaced, not that it was.
        #expect(
            run.standardOutput.contains(
                "> reload Account\nprobe heard plugboard.plugin-replaced\nreloaded Account 1.0.0"),
            "\(run.standardOutput)")
        #expect(run.standardOutput.components(separatedBy: "probe heard").count == 2)
    }

    @Test func aPluginWhoseLibraryAnActivePluginLinksIsNotSwappedUnderIt() async throws {
        // The blog links the account's library, and is active with it from launch.
        let run = try await HostProcess.run(["run"], input: "reload Account\nreload Blog\nquit\n")
        #expect(run.status == 1)
        #expect(
            run.standardError.contains(
                "error: Blog 1.0.0 links libAccountPlugin.so, the library of 'Account', and stays bound to the build "
                    + "loaded now: the new build cannot be swapped in under it"), "\(run.standardError)")
        #expect(run.standardOutput.contains("> reload Blog\nreloaded Blog 1.0.0 in "), "\(run.standardOutput)")
    }
}

/// Readers on eight threads, during reloads, see the old build's registrations or the new one's,
/// never a mix (run under the thread sanitizer in CI).
struct ConcurrentReloadTests {
    /// Which build the registrations of `snapshot` are from: the probe's route and task are named
    /// as in the probe (`A`) or as in its second build (`B`); `nil` for a mix, or anything but one
    /// plugin with one module, service, route and task.
    private static func build(of snapshot: RegistrySnapshot) -> Character? {
        let routes = snapshot.routes.map(\.pattern.description)
        let tasks = snapshot.tasks.map(\.name)
        guard snapshot.plugins.count == 1, snapshot.modules.count == 1, snapshot.services.count == 2 else { return nil }
        switch (routes, tasks) {
        case (["app://probe/identity"], ["probe.start"]): return "A"
        case (["app://probe/identit2"], ["probe.star2"]): return "B"
        default: return nil
        }
    }

    @Test func readersOnEightThreadsSeeTheOldBuildOrTheNewNeverAMix() async throws {
        let scratch = try Scratch()
        let (population, path) = try ReloadTests.loadedProbe(in: scratch)
        let registry = population.loader.registry
        // A second build, whose route and task have other names.
        let renamedRoute = try scratch.patchedCopy(
            BuildProducts.probe, as: "route.bin", replacing: "app://probe/identity", with: "app://probe/identit2")
        let second = try scratch.patchedCopy(
            renamedRoute, as: "second.bin", replacing: "probe.start", with: "probe.star2")
        let builds = [
            try Data(contentsOf: URL(fileURLWithPath: second)), try Data(contentsOf: URL(fileURLWithPath: path)),
        ]
        let (reads, mixes, sawBoth, done) = (StressCounter(), StressCounter(), StressCounter(), StressCounter())
        let finished = DispatchSemaphore(value: 0)
        for _ in 0..<8 {
            Thread {
                var seen: Set<Character> = []
                while done.value == 0 {
                    guard let build = Self.build(of: registry.snapshot) else {
                        mixes.increment()
                        continue
                    }
                    seen.insert(build)
                    reads.increment()
                    // A pause between reads: eight threads reading without one held both cores of a
                    // busy machine, the reloads they wait for among the rest (a minute of CPU).
                    usleep(100)
                }
                if seen.count == 2 { sawBoth.increment() }
                finished.signal()
            }.start()
        }
        for round in 0..<12 {
            try builds[round % 2].write(to: URL(fileURLWithPath: path))
            try await population.reload("Probe")
        }
        done.increment()
        for _ in 0..<8 { finished.wait() }

        #expect(mixes.value == 0)
        #expect(reads.value > 0)
        // Readers saw the swaps: both builds, one after the other.
        #expect(sawBoth.value > 0)
        #expect(Self.build(of: registry.snapshot) == "A")
    }
}

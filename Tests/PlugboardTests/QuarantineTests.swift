import Testing

@testable import Plugboard

/// A module whose startup tasks do not form a valid graph is quarantined, with what needs it,
/// and the rest launch; without quarantining the launch refuses the graph whole, as before.
@MainActor
struct QuarantineTests {
    /// A fresh registry with the modules `a`, `b` and `c`, scripted in turn.
    private func registry(_ scripts: [Script]) throws -> Registry {
        let registry = Registry()
        for (name, script) in zip(["a", "b", "c"], scripts) {
            try register(name, in: registry, image: "/app/host", script: script)
        }
        return registry
    }

    @Test func aModuleWithAnUnknownDependencyIsQuarantinedWithWhatNeedsItAndTheRestLaunch() async throws {
        let registry = try registry([
            {
                $0.startupTask("a.broken", after: ["no.such.task"]) {}
                $0.route("app://a") { _ in PlainScreen("Screen") }
            },
            { $0.startupTask("b.needs-a", after: ["a.broken"]) {} },
            {
                $0.startupTask("c.fine") {}
                $0.route("app://c") { _ in PlainScreen("Screen") }
            },
        ])
        let report = try await Application(registry: registry).launch(quarantining: true)
        #expect(report.succeeded)
        #expect(report.entries.map(\.name) == ["c.fine"])
        #expect(report.quarantined.map(\.name) == ["a", "b"].sorted())
        let a = try #require(report.quarantined.first { $0.name == "a" })
        #expect(a.reason.contains("depends on unknown task 'no.such.task'"))
        let error = await #expect(throws: LookupError.self) { try await registry.resolve("app://a") }
        guard case .moduleQuarantined(_, let module, let reason) = error else {
            Issue.record("unexpected \(String(describing: error))")
            return
        }
        #expect(module == "a" && reason == a.reason)
        #expect(error?.description.hasPrefix("'app://a' is not available: module \("a") was quarantined") == true)
        _ = try await registry.resolve("app://c")
    }

    @Test func aCycleQuarantinesEveryModuleOnIt() async throws {
        let registry = try registry([
            { $0.startupTask("a.one", after: ["b.two"]) {} }, { $0.startupTask("b.two", after: ["a.one"]) {} },
            { $0.startupTask("c.fine") {} },
        ])
        let report = try await Application(registry: registry).launch(quarantining: true)
        #expect(report.entries.map(\.name) == ["c.fine"])
        #expect(report.quarantined.count == 2)
        #expect(report.quarantined.allSatisfy { $0.reason.hasPrefix("dependency cycle") })
    }

    @Test func aModuleWhoseRequiredTaskFailsIsQuarantinedWithWhatNeedsItAndTheRestLaunch() async throws {
        struct NoNetwork: Error, CustomStringConvertible { var description: String { "no network" } }
        let registry = try registry([
            {
                $0.startupTask("a.load") { throw NoNetwork() }
                $0.startupTask("a.later", phase: .afterFirstScreen) {}
                $0.route("app://a") { _ in PlainScreen("Screen") }
            },
            { $0.startupTask("b.needs-a", after: ["a.load"]) {} },
            { $0.startupTask("c.fine") {} },
        ])
        let report = try await Application(registry: registry).launch(quarantining: true)
        #expect(report.succeeded)
        #expect(report.failure == nil)
        #expect(
            report.quarantined == [
                QuarantinedPlugin(name: "a", reason: "required task 'a.load' failed: no network"),
                QuarantinedPlugin(name: "b", reason: "task 'b.needs-a' needs task 'a.load' of quarantined a"),
            ])
        #expect(report.entry(named: "c.fine")?.outcome == .succeeded)
        #expect(
            report.entry(named: "a.later")?.outcome
                == .skipped(reason: "its plugin is quarantined: required task 'a.load' failed: no network"))
        let error = await #expect(throws: LookupError.self) { try await registry.resolve("app://a") }
        #expect(error?.description.hasPrefix("'app://a' is not available: module a was quarantined") == true)
    }

    @Test func aModuleWhoseRequiredTaskTimesOutIsQuarantined() async throws {
        let registry = try registry([
            { $0.startupTask("a.stuck", timeout: .milliseconds(50)) { await Never.waitIgnoringCancellation() } },
            { $0.startupTask("b.fine") {} },
        ])
        let report = try await Application(registry: registry).launch(quarantining: true)
        #expect(report.succeeded)
        #expect(report.quarantined.map(\.description) == ["a: required task 'a.stuck' timed out after 0.05 seconds"])
        #expect(report.entry(named: "b.fine")?.outcome == .succeeded)
    }

    /// A plugin declared but not active yet is checked from its manifest: one whose task needs
    /// an unknown task is quarantined at launch, before it is ever loaded, with what needs it.
    @Test func aDeclaredPluginWithABrokenGraphIsQuarantinedBeforeItLoads() async throws {
        let registry = try registry([{ $0.startupTask("a.store") {} }])
        func declared(_ name: String, task: String, after: [String], dependencies: [PluginDependency] = [])
            -> SealedManifest
        {
            var manifest = SealedManifest(
                name: name, version: "1.0.0", runtimeVersion: "", toolchain: "", architecture: "x86_64",
                modules: ["\(name).Module"], routes: ["app://\(name.lowercased())"], tasks: [task],
                dependencies: dependencies)
            manifest.taskModules = ["\(name).Module"]
            manifest.taskDependencies = [after]
            manifest.taskPhases = ["launch"]
            manifest.taskTimeouts = [""]
            return manifest
        }
        try registry.declare(declared("Notes", task: "notes.load", after: ["a.stor"]), image: "/plugins/libNotes.so")
        try registry.declare(
            declared("Tags", task: "tags.load", after: [], dependencies: [.plugin("Notes", from: "1.0.0")]),
            image: "/plugins/libTags.so")
        try registry.declare(declared("Fine", task: "fine.load", after: ["a.store"]), image: "/plugins/libFine.so")
        let report = try await Application(registry: registry).launch(quarantining: true)
        #expect(report.succeeded)
        #expect(report.quarantined.map(\.name) == ["Notes", "Tags"])
        #expect(report.quarantined.first?.reason.contains("depends on unknown task 'a.stor'") == true)
        #expect(report.quarantined.last?.reason == "it needs plugin Notes, which is quarantined")
        let error = await #expect(throws: LookupError.self) { try await registry.resolve("app://notes") }
        #expect(
            error?.description.hasPrefix("'app://notes' is not available: module Notes.Module was quarantined") == true)
        // Without quarantining, the launch is refused whole.
        let strict = try self.registry([{ $0.startupTask("a.store") {} }])
        try strict.declare(declared("Notes", task: "notes.load", after: ["a.stor"]), image: "/plugins/libNotes.so")
        await #expect(throws: LaunchError.self) { try await Application(registry: strict).launch() }
    }

    @Test func withoutQuarantiningTheGraphIsRefusedWholeAndNothingRuns() async throws {
        let registry = try registry([
            { $0.startupTask("a.broken", after: ["no.such.task"]) {} }, { _ in }, { $0.startupTask("c.fine") {} },
        ])
        await #expect(throws: LaunchError.self) { try await Application(registry: registry).launch() }
        #expect(registry.snapshot.quarantinedModules.isEmpty)
    }
}

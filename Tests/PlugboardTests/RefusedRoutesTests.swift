import Testing

@testable import Plugboard

/// The routes of a plugin that was refused stay known from its manifest, and answer with the
/// refusal, where no plugin that loads serves them.
struct RefusedRoutesTests {
    private func manifest(_ name: String, routes: [String]) -> SealedManifest {
        var manifest = SealedManifest(
            name: name, version: "1.0.0", runtimeVersion: "", toolchain: "", architecture: "x86_64",
            modules: ["\(name).Module"], routes: routes, tasks: ["\(name.lowercased()).load"], dependencies: [])
        manifest.taskModules = ["\(name).Module"]
        return manifest
    }

    @Test func aRefusedPluginsRouteAnswersWithTheRefusal() async throws {
        let registry = try scriptedRegistry(a: { $0.route("app://shared") { _ in PlainScreen("A") } })
        registry.declareRefused(
            manifest("Notes", routes: ["app://notes", "app://shared"]), image: "/plugins/libNotes.so",
            reason: "it needs Account >=1.0.0 <2.0.0, and no Account is installed")
        let error = await #expect(throws: LookupError.self) { try await registry.resolve("app://notes") }
        #expect(
            error?.description
                == "'app://notes' is not available: plugin 'Notes' was refused: it needs Account >=1.0.0 <2.0.0, and no "
                + "Account is installed")
        // A route a loaded module serves is not taken; nor are the refused plugin's tasks or
        // modules anything the launch or the population counts.
        _ = try await registry.resolve("app://shared")
        #expect(registry.snapshot.declaredTasks.isEmpty)
        #expect(registry.snapshot.inactiveModules.isEmpty)
        _ = try await Application(registry: registry).launch(quarantining: true)
    }
}

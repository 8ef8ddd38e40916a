import Testing

@testable import Plugboard

/// Which plugin owns a route is decided from the manifests in the population's order, before any
/// plugin runs: the later of two plugins that declare a route is refused, and so are the plugins
/// that need it, whatever order their files were found in.
struct RouteClaimTests {
    private func manifest(_ name: String, routes: [String]) -> SealedManifest {
        var manifest = SealedManifest(
            name: name, version: "1.0.0", runtimeVersion: "", toolchain: "", architecture: "x86_64",
            modules: ["\(name).Module"], routes: routes, tasks: [], dependencies: [])
        manifest.routeModules = routes.map { _ in "\(name).Module" }
        return manifest
    }

    @Test func theLaterOfTwoPluginsThatDeclareARouteIsRefusedWithThePluginsThatNeedIt() {
        let manifests = [
            "/p/libShell.so": manifest("Shell", routes: ["app://tabs"]),
            "/p/libHostile.so": manifest("Hostile", routes: ["app://hostile", "app://tabs"]),
            "/p/libFan.so": manifest("Fan", routes: ["app://fan"]),
            "/p/libNotes.so": manifest("Notes", routes: ["app://notes"]),
        ]
        // Shell comes first in the population: Hostile needs it.
        let candidates = [
            PluginCandidate(
                path: "/p/libFan.so", name: "Fan", version: "1.0.0", dependencies: [.plugin("Hostile", from: "1.0.0")]),
            PluginCandidate(
                path: "/p/libHostile.so", name: "Hostile", version: "1.0.0",
                dependencies: [.plugin("Shell", from: "1.0.0")]),
            PluginCandidate(path: "/p/libNotes.so", name: "Notes", version: "1.0.0"),
            PluginCandidate(path: "/p/libShell.so", name: "Shell", version: "1.0.0"),
        ]
        let loader = PluginLoader(registry: Registry())
        let resolution = loader.claimingRoutes(
            of: PluginResolver.resolve(candidates), candidates: candidates, manifests: manifests)
        #expect(resolution.order.map(\.name).sorted() == ["Notes", "Shell"])
        let hostile = resolution.refusals.first { $0.candidate.name == "Hostile" }
        #expect(
            hostile?.candidate.refusal
                == "/p/libHostile.so: plugin 'Hostile' was not registered: registration refused, nothing was registered:\n"
                + "  - route 'app://tabs' is owned by module Shell.Module (libShell.so); module Hostile.Module "
                + "(libHostile.so) registers it again; rename one of the routes")
        #expect(resolution.refusals.contains { $0.candidate.name == "Fan" })
        // Nothing was registered or declared: the claims were tried on a copy.
        #expect(loader.registry.snapshot.routes.isEmpty)
    }

    @Test func aPopulationWithoutConflictsIsLeftAsItIs() {
        let manifests = [
            "/p/libA.so": manifest("A", routes: ["app://a"]), "/p/libB.so": manifest("B", routes: ["app://b"]),
        ]
        let candidates = [
            PluginCandidate(path: "/p/libA.so", name: "A", version: "1.0.0"),
            PluginCandidate(path: "/p/libB.so", name: "B", version: "1.0.0"),
        ]
        let resolution = PluginResolver.resolve(candidates)
        #expect(
            PluginLoader(registry: Registry()).claimingRoutes(
                of: resolution, candidates: candidates, manifests: manifests) == resolution)
    }
}

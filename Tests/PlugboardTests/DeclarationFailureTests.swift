import Testing

@testable import Plugboard

/// A declared plugin whose routes cannot be declared is refused with nothing of it left, and the
/// other plugins are declared all the same.
struct DeclarationFailureTests {
    private func plugin(_ name: String, routes: [String]) -> (PluginCandidate, SealedManifest) {
        (
            PluginCandidate(path: "lib\(name).so", name: name, version: "1.0.0"),
            SealedManifest(
                name: name, version: "1.0.0", runtimeVersion: "", toolchain: "", architecture: "x86_64",
                modules: ["\(name).\(name)Module"], routes: routes, tasks: [], dependencies: [])
        )
    }

    @Test func aDeclarationThatFailsLeavesNothingAndTheOthersAreDeclared() {
        let registry = Registry()
        let plugins = [
            plugin("First", routes: ["app://first", "app://shared"]),
            plugin("Second", routes: ["app://second", "app://shared"]),
            plugin("Third", routes: ["app://third"]),
        ]
        let population = PluginPopulation(
            loader: PluginLoader(registry: registry), resolved: plugins.map(\.0),
            manifests: Dictionary(uniqueKeysWithValues: plugins.map { ($0.0.path, $0.1) }))
        let installed = population.install()
        guard case .declared = installed[0], case .failed(let path, .registrationFailed) = installed[1],
            case .declared = installed[2]
        else {
            Issue.record("First and Third declared, Second refused: \(installed)")
            return
        }
        #expect(path == "libSecond.so")
        // Nothing of Second: its own route is not there, and the shared one is First's.
        let routes = registry.snapshot.routes.map { "\($0.pattern) \($0.inactivePlugin ?? "")" }
        #expect(routes == ["app://first First", "app://shared First", "app://third Third"])
    }
}

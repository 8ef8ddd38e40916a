import Foundation
import Plugboard

/// The first use of a declared plugin — opening its route, which activates it — beside loading
/// and registering a plugin of the same shape alone and opening its route, in this process.
enum FirstUse {
    /// One ratio a round, each round with two plugins of `directory` not used before.
    static func measure(_ directory: URL, rounds: Int) async throws -> [Double] {
        let clock = ContinuousClock()
        var ratios: [Double] = []
        for round in 0..<rounds {
            // Each round in another order, so that neither always comes first.
            let (declared, alone) =
                round % 2 == 0 ? (100 + 2 * round, 101 + 2 * round) : (101 + 2 * round, 100 + 2 * round)
            let declaredPath = directory.appendingPathComponent(InstalledPlugins.file(declared)).path
            guard let manifest = try ManifestReader.read(fileAt: declaredPath) else {
                throw Failure("\(declaredPath) is not sealed")
            }
            let registry = Registry()
            let population = PluginPopulation(
                loader: PluginLoader(registry: registry),
                resolved: [PluginCandidate(path: declaredPath, name: manifest.name, version: manifest.version)],
                manifests: [declaredPath: manifest])
            population.install()
            let activation = try await clock.measure { _ = try await registry.resolve("app://p\(declared)") }
            let aloneRegistry = Registry()
            let aloneFile = directory.appendingPathComponent(InstalledPlugins.file(alone)).path
            let loading = try await clock.measure {
                try PluginLoader(registry: aloneRegistry).load(file: aloneFile)
                _ = try await aloneRegistry.resolve("app://p\(alone)")
            }
            ratios.append(activation.seconds / loading.seconds)
            withExtendedLifetime(population) {}
        }
        return ratios
    }

}

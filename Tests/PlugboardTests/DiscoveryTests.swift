import Foundation
import Plugboard
import Testing

/// Modules compiled into the test binary are found without being listed.
struct DiscoveryTests {
    private var testBinary: String {
        (try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe")) ?? ""
    }

    @Test @MainActor func linkedModulesAreFoundAndRegisteredWithTheirImage() async throws {
        let registry = Registry()
        let linked = registry.registerLinkedModules()
        #expect(linked.failures.isEmpty, "\(linked.failures)")
        let alpha = try #require(registry.snapshot.modules.first { $0.name == AlphaModule.name })
        let beta = try #require(registry.snapshot.modules.first { $0.name == "fixtures.beta" })
        #expect(alpha.owner.image == testBinary)
        #expect(beta.owner.image == testBinary)
        #expect(linked.registered.contains(alpha))
        #expect(try await registry.screen(for: "app://alpha/home").title == "Alpha")
    }

    @Test func genericModulesAreSkippedWithTheReason() {
        let linked = Registry().registerLinkedModules()
        #expect(linked.skipped.contains("GenericModule: generic types cannot be instantiated without arguments"))
        #expect(!linked.registered.contains { $0.name.contains("GenericModule") })
    }

    @Test func registeringLinkedModulesTwiceRegistersEachOnce() {
        let registry = Registry()
        registry.registerLinkedModules()
        let count = registry.snapshot.modules.count
        let second = registry.registerLinkedModules()
        #expect(second.registered.isEmpty)
        #expect(second.failures.isEmpty)
        #expect(registry.snapshot.modules.count == count)
        #expect(registry.snapshot.modules.filter { $0.name == AlphaModule.name }.count == 1)
    }

    @Test func aFailingModuleLeavesNothingOfItsImage() {
        let registry = Registry()
        let linked = Fixture.$scenario.withValue(.betaThrows) { registry.registerLinkedModules() }
        #expect(linked.failures.count == 1)
        #expect(linked.failures.first?.description.contains("fixtures.beta") == true)
        #expect(!registry.snapshot.modules.contains { $0.name == AlphaModule.name })
        #expect(registry.snapshot.routes.allSatisfy { $0.owner.image != testBinary })
    }
}

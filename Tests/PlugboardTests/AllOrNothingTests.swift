import Plugboard
import Testing

/// Registration of a module, and of a group of modules, keeps everything or nothing.
struct AllOrNothingTests {
    @Test func aModuleThatThrowsLeavesNothingAndIsNamed() {
        let registry = Registry()
        let error = Fixture.$scenario.withValue(.betaThrows) {
            #expect(throws: RegistrationError.self) {
                try registry.register([AlphaModule.self, BetaModule.self], image: "/plugins/libBeta.so")
            }
        }
        guard case .moduleFailed(let owner, let reason) = error else {
            Issue.record("unexpected \(String(describing: error))")
            return
        }
        #expect(owner == Owner(module: "fixtures.beta", image: "/plugins/libBeta.so"))
        #expect(reason == "the beta fixture refused to register")
        #expect(registry.snapshot.modules.isEmpty)
        #expect(registry.snapshot.routes.isEmpty)
        #expect(registry.snapshot.tasks.isEmpty)
        #expect(registry.snapshot.services.isEmpty)
    }

    @Test func aConflictWithinTheGroupLeavesNothingAndNamesBothOwners() {
        let registry = Registry()
        let error = Fixture.$scenario.withValue(.betaTakesAlphaRoute) {
            #expect(throws: RegistrationError.self) {
                try registry.register([AlphaModule.self, BetaModule.self], image: "host")
            }
        }
        let alpha = Owner(module: AlphaModule.name, image: "host")
        let beta = Owner(module: "fixtures.beta", image: "host")
        guard case .rejected(let problems) = error else {
            Issue.record("unexpected \(String(describing: error))")
            return
        }
        #expect(problems == [.duplicateRoute(pattern: "app://alpha/home", existing: alpha, new: beta)])
        #expect(registry.snapshot.modules.isEmpty)
        #expect(registry.snapshot.routes.isEmpty)
    }

    @Test func aConflictWithEarlierRegistrationsKeepsTheEarlierOnesIntact() throws {
        let registry = Registry()
        try registry.register([AlphaModule.self], image: "host")
        let before = registry.snapshot
        let error = Fixture.$scenario.withValue(.betaTakesAlphaTaskAndService) {
            #expect(throws: RegistrationError.self) { try registry.register([BetaModule.self], image: "plugin.so") }
        }
        guard case .rejected(let problems) = error else {
            Issue.record("unexpected \(String(describing: error))")
            return
        }
        let alpha = Owner(module: AlphaModule.name, image: "host")
        let beta = Owner(module: "fixtures.beta", image: "plugin.so")
        #expect(
            problems == [
                .duplicateTask(name: "alpha.start", existing: alpha, new: beta),
                .duplicateService(type: "PlugboardTests.AlphaService", existing: alpha, new: beta),
            ]
        )
        #expect(error?.description.contains("module fixtures.beta (plugin.so)") == true)
        let after = registry.snapshot
        #expect(after.modules == before.modules)
        #expect(after.routes.map(\.pattern) == before.routes.map(\.pattern))
        #expect(after.tasks.map(\.name) == before.tasks.map(\.name))
        #expect(after.tasks.map(\.owner) == [alpha])
        #expect(try registry.service(AlphaService.self) === registry.service(AlphaService.self))
    }

    @Test func registeringTheSameModuleTwiceIsRefused() throws {
        let registry = Registry()
        try registry.register([AlphaModule.self], image: "host")
        let error = #expect(throws: RegistrationError.self) {
            try registry.register([AlphaModule.self], image: "copy.so")
        }
        guard case .rejected(let problems) = error else {
            Issue.record("unexpected \(String(describing: error))")
            return
        }
        #expect(
            problems.first
                == .duplicateModule(
                    name: AlphaModule.name,
                    existing: Owner(module: AlphaModule.name, image: "host"),
                    new: Owner(module: AlphaModule.name, image: "copy.so")
                )
        )
        #expect(registry.snapshot.modules.count == 1)
    }
}

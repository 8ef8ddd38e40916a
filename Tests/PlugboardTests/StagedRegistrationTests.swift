import Testing

@testable import Plugboard

/// Staged registrations — how loading many plugins applies each registration once — are checked
/// like any other, invisible to lookups until published, and never lost or half-kept.
struct StagedRegistrationTests {
    /// Registers `NamedScriptedModule` as `name` with one route, staged or published.
    private func register(_ name: String, route: String, in registry: Registry, publishing: Bool) throws {
        try NamedScriptedModule.$setup.withValue((name, { $0.route(route) { _ in AlphaScreen() } })) {
            try registry.register(
                [(NamedScriptedModule.self, NamedScriptedModule.name)], image: "/plugins/\(name).so", plugin: nil,
                publishing: publishing)
        }
    }

    private func modules(_ registry: Registry) -> [String] {
        registry.snapshot.modules.map(\.name)
    }

    @Test func stagedRegistrationsAppearTogetherWhenPublished() throws {
        let registry = Registry()
        try register("one", route: "app://one", in: registry, publishing: false)
        try register("two", route: "app://two", in: registry, publishing: false)
        #expect(modules(registry).isEmpty)
        #expect(registry.snapshot.routes.isEmpty)
        registry.publishStaged()
        #expect(modules(registry) == ["one", "two"])
        #expect(registry.snapshot.routes.map(\.pattern.description) == ["app://one", "app://two"])
        // The writers' copy shares the published storage now; the next change must not alter
        // the published snapshot a reader holds.
        let held = registry.snapshot
        try register("three", route: "app://three", in: registry, publishing: true)
        #expect(held.modules.map(\.name) == ["one", "two"])
        #expect(modules(registry) == ["one", "two", "three"])
    }

    @Test func aFailingStagedRegistrationLeavesTheEarlierOnesAndNothingOfItself() throws {
        let registry = Registry()
        try register("one", route: "app://one", in: registry, publishing: false)
        let error = #expect(throws: RegistrationError.self) {
            try NamedScriptedModule.$setup.withValue(
                (
                    "clash",
                    {
                        $0.route("app://fresh") { _ in AlphaScreen() }
                        $0.route("app://one") { _ in AlphaScreen() }
                    }
                )
            ) {
                try registry.register(
                    [(NamedScriptedModule.self, NamedScriptedModule.name)], image: "/plugins/clash.so", plugin: nil,
                    publishing: false)
            }
        }
        guard case .rejected(let problems) = error else {
            Issue.record("unexpected \(String(describing: error))")
            return
        }
        #expect(
            problems == [
                .duplicateRoute(
                    pattern: "app://one", existing: Owner(module: "one", image: "/plugins/one.so"),
                    new: Owner(module: "clash", image: "/plugins/clash.so"))
            ])
        registry.publishStaged()
        #expect(modules(registry) == ["one"])
        #expect(registry.snapshot.routes.map(\.pattern.description) == ["app://one"])
        // The clash's first route was undone: registering it again succeeds.
        try register("fresh", route: "app://fresh", in: registry, publishing: true)
        #expect(modules(registry) == ["one", "fresh"])
    }

    @Test func aPublishedChangePublishesWhatWasStagedAndAFailingOneKeepsIt() throws {
        let registry = Registry()
        try register("one", route: "app://one", in: registry, publishing: false)
        try register("two", route: "app://two", in: registry, publishing: true)
        #expect(modules(registry) == ["one", "two"])
        try register("three", route: "app://three", in: registry, publishing: false)
        #expect(throws: RegistrationError.self) {
            try register("clash", route: "app://two", in: registry, publishing: true)
        }
        #expect(modules(registry) == ["one", "two"])
        try registry.disable(module: "one")
        #expect(modules(registry) == ["one", "two", "three"])
        #expect(registry.snapshot.disabledModules == ["one"])
        registry.publishStaged()
        #expect(modules(registry) == ["one", "two", "three"])
        #expect(registry.snapshot.routes.map(\.pattern.description) == ["app://one", "app://three", "app://two"])
    }
}

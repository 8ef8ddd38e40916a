import Testing

@testable import Plugboard

/// A plugin process serves the host's requests from its application's registry — as a real one
/// does from the shared registry, and as its rehearsal does from a registry of its own — and
/// keeps each screen it opened until the host releases it.
@MainActor
struct PluginProcessServingTests {
    @Test func aPluginProcessServesTheRoutesOfItsApplicationsRegistry() async throws {
        let (host, served) = try #require(WireConnection.pair())
        let registry = Registry()
        let owner = Owner(module: "Tests.Counter", image: "tests")
        let registrar = ModuleRegistrar(module: RegisteredModule(owner: owner, plugin: nil), registry: registry)
        registrar.route("app://counter", title: "Counter") { _ in CounterScreen() }
        registrar.close()
        try registry.apply([registrar.contribution], plugin: nil)
        let application = Application(registry: registry)
        _ = try await application.launch()
        let process = PluginProcess(connection: served, application: application)
        func serve(_ request: WireMessage) async throws -> WireMessage {
            try host.send(request)
            await process.handle(try served.receive())
            return try host.receive()
        }

        guard case .screen(1, let opened) = try await serve(.open(request: 1, url: "app://counter", context: nil))
        else {
            Issue.record("the open was not answered with its screen")
            return
        }
        #expect(opened.title == "Counter")
        #expect(opened.text == "0")
        #expect(opened.actions.map(\.id) == ["add"])
        let performed = try await serve(.perform(request: 2, screen: opened.id, action: "add", text: nil))
        guard case .screen(2, let counted) = performed else {
            Issue.record("the action was not answered with the screen: \(performed)")
            return
        }
        #expect(counted.text == "1")
        // Released, the screen is gone.
        try host.send(.release(screen: opened.id))
        await process.handle(try served.receive())
        let afterRelease = try await serve(.perform(request: 3, screen: opened.id, action: "add", text: nil))
        guard case .failed(3, let reason) = afterRelease else {
            Issue.record("an action on a released screen was answered \(afterRelease)")
            return
        }
        #expect(reason == "no screen \(opened.id) is open")
    }

    /// Counts the times its action was taken.
    private final class CounterScreen: Screen {
        let title = "Counter"
        private var count = 0
        func render() -> String { "\(count)" }
        var actions: [ScreenAction] {
            [ScreenAction("add", title: "Add") { [weak self] _ in self?.count += 1 }]
        }
    }
}

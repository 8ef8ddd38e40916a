import Plugboard
import Testing

@MainActor
struct TestHostTests {
    @Test func aTestHostLaunchesModulesAndDrivesTheirScreens() async throws {
        let host = try await TestHost(modules: [AlphaModule.self, BetaModule.self])
        #expect(host.launchReport.entries.map(\.name) == ["alpha.start", "beta.start"])
        try await host.open("app://alpha/home")
        #expect(host.stack.description == "Alpha")
        #expect(host.screenText == "alpha home")
        #expect(try host.registry.service(AlphaService.self).greeting == "alpha service")
    }

    @Test func aFailedLaunchIsReportedWithTheTask() async throws {
        final class FailingStartModule: Module {
            @TaskLocal static var fails = false
            func register(with registrar: ModuleRegistrar) throws {
                let fails = Self.fails
                registrar.startupTask("failing.start") { if fails { throw ScriptedFailure(message: "no disk") } }
            }
        }
        let error = await FailingStartModule.$fails.withValue(true) {
            await #expect(throws: TestHostError.self) { _ = try await TestHost(modules: [FailingStartModule.self]) }
        }
        #expect(error?.description.hasPrefix("the launch failed: required task 'failing.start'") == true)
        #expect(error?.description.hasSuffix("failed: no disk") == true)
    }
}

import Plugboard

/// What the fixture modules register; tests set it for their own task only.
enum Scenario: Sendable {
    case normal
    case betaTakesAlphaRoute
    case betaThrows
    case betaTakesAlphaTaskAndService
}

enum Fixture {
    @TaskLocal static var scenario = Scenario.normal
}

struct FixtureFailure: Error, CustomStringConvertible {
    var description: String { "the beta fixture refused to register" }
}

final class AlphaService: Sendable {
    let greeting = "alpha service"
}

final class AlphaScreen: Screen {
    let title = "Alpha"
    func render() -> String { "alpha home" }
}

/// A module compiled into the test binary, found by discovery like any linked module.
final class AlphaModule: Module {
    func register(with registrar: ModuleRegistrar) throws {
        registrar.route("app://alpha/home", title: "Alpha home") { _ in AlphaScreen() }
        registrar.startupTask("alpha.start") {}
        registrar.provide(AlphaService.self, AlphaService())
    }
}

/// A second linked module whose registrations depend on ``Fixture/scenario``.
final class BetaModule: Module {
    static var name: String { "fixtures.beta" }

    func register(with registrar: ModuleRegistrar) throws {
        registrar.route("app://beta/home") { _ in AlphaScreen() }
        registrar.startupTask("beta.start", after: ["alpha.start"]) {}
        switch Fixture.scenario {
        case .normal:
            break
        case .betaTakesAlphaRoute:
            registrar.route("app://alpha/home") { _ in AlphaScreen() }
        case .betaThrows:
            throw FixtureFailure()
        case .betaTakesAlphaTaskAndService:
            registrar.startupTask("alpha.start") {}
            registrar.provide(AlphaService.self, AlphaService())
        }
    }
}

/// A generic module: it has a conformance record but cannot be instantiated without arguments.
final class GenericModule<Element>: Module {
    func register(with registrar: ModuleRegistrar) throws {}
}

import Plugboard

/// A module of the host's own (`host.squatter`) that takes the greeter's route
/// `app://greeter/hello`, so that the greeter's cannot be registered beside it.
final class SquatterModule: Module {
    static var name: String { "host.squatter" }

    func register(with registrar: ModuleRegistrar) throws {
        registrar.route("app://greeter/hello") { _ in SquatterScreen() }
    }
}

/// The screen of the route the squatter took.
final class SquatterScreen: Screen {
    let title = "Squatter"

    func render() -> String { "" }
}

public import Plugboard

/// Registers the greeting route, the greeting service and a startup task that prepares it.
public final class GreeterModule: Module {
    public init() {}

    public func register(with registrar: ModuleRegistrar) throws {
        let greetings = Greetings()
        registrar.provide(Greetings.self, greetings)
        registrar.startupTask("greeter.prepare") {
            greetings.prepare(audience: "Plugboard")
        }
        registrar.onShutdown {
            print("greeter: said goodbye to \(greetings.audience)")
        }
        registrar.route("app://greeter/hello", title: "A greeting from the greeter plugin") { _ in
            GreetingScreen(message: greetings.message)
        }
        registrar.route(
            "app://greeter/hello/:name", title: "A greeting for someone", example: "app://greeter/hello/Ada"
        ) { request in
            GreetingScreen(message: "Hello, \(try request.string("name"))! (from the Greeter plugin)")
        }
    }
}

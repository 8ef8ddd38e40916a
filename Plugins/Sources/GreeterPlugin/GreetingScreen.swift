import Plugboard

/// The screen of `app://greeter/hello`.
final class GreetingScreen: Screen {
    let title = "Greeting"
    private let message: String

    init(message: String) {
        self.message = message
    }

    func render() -> String {
        message
    }
}

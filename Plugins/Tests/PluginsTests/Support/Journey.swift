/// A person's journey through the bundled app, chosen step by step at random from what the last
/// step showed: the actions of the screen on top (by number and by name, with typed text where an
/// action takes it, enabled or not), going back, opening any route (and a few that do not open),
/// and the shell's own commands. The same seed and the same screens give the same journey.
struct Journey {
    /// Every route of the bundled plugins with a value for each parameter, and URLs that do not open.
    static let urls = [
        "app://tabs", "app://circles", "app://circles/42", "app://circles/7", "app://circles/new", "app://blog",
        "app://blog/articles/1", "app://blog/articles/3", "app://blog/articles/2/comment", "app://login",
        "app://mine", "app://mine/wallet", "app://greeter/hello", "app://greeter/hello/Ada",
        "app://circles/hiking", "app://nowhere",
    ]
    /// What a person types into a field: mostly the demo account's name and password where the
    /// field asks for them, so that journeys log in.
    static func texts(for action: String) -> [String] {
        switch action {
        case "account": ["ann", "ann", "bob"]
        case "password": ["secret", "secret", "wrong"]
        default: ["a line of text", "é ü", "ann"]
        }
    }

    private var random: SeededRandom
    /// The commands so far, one a line: typed into a host, they replay the journey.
    private(set) var commands: [String] = []

    init(seed: UInt64) { random = SeededRandom(seed: seed) }

    /// An action of a screen, as the shell lists it: `  2) Log in  [login] (disabled)`.
    struct Action {
        let number: Int
        let id: String
        let takesText: Bool
        let isEnabled: Bool
    }

    /// The actions of the last screen that `shown` holds.
    static func actions(in shown: Substring) -> [Action] {
        guard let box = shown.ranges(of: "┌─ ").last else { return [] }
        return shown[box.lowerBound...].matches(of: /\n  (\d+)\) .*?  \[([^\]\n]+)\]( \(takes text\))?( \(disabled\))?/)
            .map { Action(number: Int($0.1) ?? 0, id: String($0.2), takesText: $0.3 != nil, isEnabled: $0.4 == nil) }
    }

    /// The next command, after the step that showed `shown`, and the actions it offered.
    mutating func next(after actions: [Action]) -> String {
        let command: String
        // Mostly the screen's actions, and mostly those enabled, so that a journey goes through
        // the flows that take several steps on one screen (typing an account and a password,
        // then logging in).
        let enabled = actions.filter(\.isEnabled)
        switch random.next(below: 20) {
        case 0..<15 where !actions.isEmpty:
            let choices = enabled.isEmpty || random.next(below: 5) == 0 ? actions : enabled
            let action = choices[random.next(below: choices.count)]
            let name = random.next(below: 2) == 0 ? "\(action.number)" : "do \(action.id)"
            let texts = Self.texts(for: action.id)
            let text = action.takesText ? " " + texts[random.next(below: texts.count)] : ""
            command = name + text
        case 0..<17:
            command = "back"
        case 17..<19:
            command = "open " + Self.urls[random.next(below: Self.urls.count)]
        default:
            command = ["stack", "history", "do nothing-here", "9", "open"][random.next(below: 5)]
        }
        commands.append(command)
        return command
    }
}

import Glibc
import Plugboard

/// `verify --actions`' check of actions: each enabled action of each screen the screens' check
/// opened is taken once, in a child process of its own that loads and launches the plugins, opens
/// the screen and takes the action (with a line of text where it takes one), then renders the
/// screen it leads to; a crash or a hang is reported with the route and the action.
enum ActionVerification {
    /// The hidden command a child runs: `verify-action NUMBER ID FILE...` takes the action `ID` of
    /// the screen of the route numbered NUMBER.
    static let childCommand = "verify-action"

    /// The text an action that takes text is given.
    static let typed = "plugboard"

    /// Takes each action of each screen of `opened` in a child of its own, each child given
    /// `timeout` seconds; returns the actions that crashed or hung, and how many actions of each
    /// file were taken without.
    static func check(
        _ opened: [ScreenVerification.Opened], files: [String], timeout: Double
    ) -> (problems: [ScreenVerification.Problem], taken: [String: Int]) {
        var problems: [ScreenVerification.Problem] = []
        var taken: [String: Int] = [:]
        for screen in opened {
            for action in screen.actions {
                let outcome = ChildProcess.run(
                    BundledPlugins.executable, [childCommand, String(screen.number), action] + files, timeout: timeout)
                let doing = "taking the action '\(action)' of \(screen.url)"
                switch outcome {
                case .failedToStart:
                    return (problems, taken)
                case .exited:
                    taken[screen.file, default: 0] += 1
                case .crashed(let signal, let failure, _):
                    let message = ChildProcess.describeCrash(signal: signal, failure: failure, doing: "while " + doing)
                    problems.append(ScreenVerification.Problem(file: screen.file, message: message))
                case .timedOut:
                    let message = "hung: \(doing) did not finish within \(SecondsText.make(timeout)) s (killed)"
                    problems.append(ScreenVerification.Problem(file: screen.file, message: message))
                }
            }
        }
        return (problems, taken)
    }

    /// The child's side: load and launch the files, open the screen of the route numbered
    /// `arguments[0]`, take its action `arguments[1]` and render the screen on top after it.
    @MainActor
    static func runChild(_ arguments: [String]) async -> Int32 {
        guard arguments.count > 2, let number = Int(arguments[0]) else { return 2 }
        let application = await ScreenVerification.launch(Array(arguments.dropFirst(2)))
        let routes = ScreenVerification.routes(in: .shared)
        guard routes.indices.contains(number) else { return 2 }
        let navigator = Navigator(registry: .shared)
        guard (try? await navigator.open(routes[number].url)) != nil,
            let action = navigator.topScreen?.actions.first(where: { $0.id == arguments[1] })
        else { return 1 }
        // What it leads to is rendered, as a person taking it would see it; a refusal of the
        // navigation it asks for is not a crash.
        _ = try? await navigator.perform(action.id, text: action.takesText ? typed : nil)
        _ = navigator.topScreen?.render()
        await application.terminate()
        return 0
    }
}

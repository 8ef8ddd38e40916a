import Glibc
import Plugboard

/// `verify`'s check of screens: in a child process, the plugins load and launch together, and
/// every route that takes no parameters (and every other at its example URL) is opened, loaded
/// and rendered, one after the other; a crash or a hang there is reported with the route that
/// caused it, and the check goes on in a new child from the next route.
enum ScreenVerification {
    /// The hidden command a child runs: `verify-screens FIRST FILE...` opens the routes from the
    /// one numbered FIRST.
    static let childCommand = "verify-screens"

    /// What the child says before it opens a route: the mark, its number, its plugin's file and
    /// its URL, separated by tabs.
    private static let mark = "plugboard-verify-screen"

    /// What the child says once it rendered a route's screen: the mark, the route's number and
    /// the IDs of the screen's enabled actions, separated by tabs.
    private static let actionsMark = "plugboard-verify-actions"

    /// A screen opened and rendered without a crash or a hang: its route's number, its plugin's
    /// file, its URL and the IDs of its enabled actions.
    struct Opened {
        let number: Int
        let file: String
        let url: String
        let actions: [String]
    }

    /// A route whose screen crashed or hung.
    struct Problem {
        /// The file of the plugin that owns the route.
        let file: String
        /// `crashed with signal 4 (…) while opening app://notes: …`, or that it hung, naming the
        /// route.
        let message: String
    }

    /// Opens every route of the `files` (in load order) that takes no parameters, and every other
    /// at its example URL, giving each child `timeout` seconds; returns the routes that crashed or
    /// hung, and the screens opened and rendered without.
    static func check(_ files: [String], timeout: Double) -> (problems: [Problem], opened: [Opened]) {
        var problems: [Problem] = []
        var opened: [Opened] = []
        var first = 0
        while true {
            let outcome = ChildProcess.run(
                BundledPlugins.executable, [childCommand, String(first)] + files, timeout: timeout)
            let output: String
            var message: ((String) -> String)?
            switch outcome {
            case .failedToStart:
                return (problems, opened)
            case .exited(_, let text):
                output = text
            case .crashed(let signal, let failure, let text):
                output = text
                message = { url in
                    ChildProcess.describeCrash(signal: signal, failure: failure, doing: "while opening \(url)")
                }
            case .timedOut(let text):
                output = text
                message = { url in "hung: \(url) did not load and render within \(SecondsText.make(timeout)) s (killed)"
                }
            }
            // The routes the child announced: the number, file and URL of each; the last is the one
            // it was opening when it ended, if it did not exit. None if it ended before the first.
            let announced = output.split(separator: "\n").compactMap {
                line -> (number: Int, file: String, url: String)? in
                let fields = line.split(separator: "\t", maxSplits: 3).map(String.init)
                guard fields.count == 4, fields[0] == mark, let number = Int(fields[1]) else { return nil }
                return (number, fields[2], fields[3])
            }
            guard let last = announced.last else { return (problems, opened) }
            // The actions of each screen rendered, by its route's number.
            let actions = Dictionary(
                output.split(separator: "\n").compactMap { line -> (Int, [String])? in
                    let fields = line.split(separator: "\t", omittingEmptySubsequences: false).map(String.init)
                    guard fields.count >= 2, fields[0] == actionsMark, let number = Int(fields[1]) else { return nil }
                    return (number, fields.dropFirst(2).filter { !$0.isEmpty })
                }
            ) { first, _ in first }
            opened += announced.filter { message == nil || $0.number != last.number }.map {
                Opened(number: $0.number, file: $0.file, url: $0.url, actions: actions[$0.number] ?? [])
            }
            first = last.number + 1
            guard let message else { return (problems, opened) }
            problems.append(Problem(file: last.file, message: message(last.url)))
        }
    }

    /// The routes a child opens, in the registry's order, each by the URL it opens and its
    /// plugin's file: a route of literal segments only is its own URL; another is opened at its
    /// example, and one without an example is left out.
    static func routes(in registry: Registry) -> [(url: String, image: String)] {
        registry.snapshot.routes.compactMap { route in
            let literal = route.pattern.segments.allSatisfy { if case .literal = $0 { true } else { false } }
            return (literal ? route.pattern.description : route.example).map { (url: $0, image: route.owner.image) }
        }
    }

    /// Loads `files` into the shared registry, as a child does, and launches them, a task that
    /// fails or a dependency missing let go: what is checked is the screens.
    @MainActor
    static func launch(_ files: [String]) async -> Application {
        _ = PluginLoader(registry: .shared, policy: PluginLoading.policy).load(files: files)
        let application = Application(registry: .shared)
        _ = try? await application.launch(allowingMissingDependencies: true, quarantining: true)
        return application
    }

    /// The child's side: load and launch the files, then open the routes without parameters from
    /// the one numbered `arguments[0]`, each announced on standard output first.
    @MainActor
    static func runChild(_ arguments: [String]) async -> Int32 {
        guard let first = arguments.first.flatMap(Int.init), arguments.count > 1 else { return 2 }
        let application = await launch(Array(arguments.dropFirst()))
        let registry = Registry.shared
        for (number, (url, image)) in routes(in: registry).enumerated() where number >= first {
            print("\(mark)\t\(number)\t\(image)\t\(url)")
            fflush(nil)
            // Each route on a stack of its own, as a person opening it would see it; one that cannot
            // be opened here (a guard redirects it, say) is not a crash.
            let navigator = Navigator(registry: registry)
            guard (try? await navigator.open(url)) != nil, let screen = navigator.topScreen else { continue }
            _ = screen.render()
            let actions = screen.actions.filter(\.isEnabled).map(\.id)
            print(([actionsMark, String(number)] + actions).joined(separator: "\t"))
            fflush(nil)
        }
        await application.terminate()
        return 0
    }
}

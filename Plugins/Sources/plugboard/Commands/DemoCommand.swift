import Plugboard
import Synchronization

/// `plugboard demo`: load the bundled plugins, launch them, and play a journey through them.
@MainActor
enum DemoCommand {
    nonisolated static let help = """
        USAGE: plugboard demo [--plugins DIR]... [--with-bundled] [--eager] [--task-timeout SECONDS]
                              [--isolate NAMES] [--plugin-deadline SECONDS]
                              [--grant NAME[=PERMISSION]]...

        Loads the bundled example plugins (or the plugins in each DIR) that are active at
        launch and declares the others, which load when the journey first needs them (each
        says so on standard output), launches them with a progress line per task, then plays a
        scripted journey through the circles, the blog and the account (with a login on the
        way), printing each screen and the navigation stack, and ends with a summary. The
        journey stops at the first step that fails.

        OPTIONS:
          --plugins DIR   Load the .so files in DIR instead of the bundled plugins.
          --with-bundled  Load the bundled plugins as well as those of --plugins.
          --eager         Load every plugin at start, rather than each when it is first needed.
        \(Options.taskTimeoutHelp)
        \(Isolation.help)
          -h, --help      Show this help.
        """

    /// The journey: shell commands, each with what it shows.
    static let journey: [(command: String, note: String)] = [
        ("open app://tabs", "the root tabs"),
        ("plugins", "where each plugin is (without --eager or --isolate, Circles and Greeter load when first needed)"),
        ("do tab 1", "the circle list, first page loaded (Circles loads now, unless it was loaded)"),
        ("do next", "the next page fails once, on purpose"),
        ("do next", "loading it again works"),
        ("do row 1", "tap a circle: its page, with its id, title, image and members"),
        ("back", "back to the list"),
        ("back", "back to the tabs"),
        ("do tab 2", "the blog, Swift articles"),
        ("do next", "the next page of Swift articles"),
        ("do category empty", "a category without articles"),
        ("do category swift", "back to Swift, paging starts over"),
        ("do row 2", "an article, its body loaded by id"),
        ("back", "back to the list"),
        ("back", "back to the tabs"),
        ("do tab 3", "Mine, logged out"),
        ("do row 1", "the wallet needs a login: the guard redirects"),
        ("do account ann", "type the account; the button stays disabled"),
        ("do password wrong", "a wrong password"),
        ("do login", "an error, the typed values kept"),
        ("do password secret", "the right password"),
        ("do login", "logged in: back to where the user was going"),
        ("open app://blog/articles/1/comment", "the blog asks the account's session service: a comment box for ann"),
    ]

    static func run(_ arguments: [String]) async throws -> Int32 {
        let options = try Options(launchingPlugins: arguments, switches: ["--eager"])
        Terminal.heading("Plugboard demo", "  (runtime \(RuntimeFingerprint.current.runtimeVersion))")
        let (failures, population) = try await PluginLoading.install(
            directories: options.pluginDirectories, withBundled: options.withBundled, eager: options.has("--eager"),
            isolation: try options.isolation)
        let registry = Registry.shared
        Terminal.line()
        Terminal.heading("Launching")
        LaunchListing.isolatedProgress()
        let app = Application(registry: registry, taskTimeout: try options.taskTimeout)
        // Tasks that need a plugin that failed to load are skipped with the reason; the rest run.
        let report = try await SignalledLaunch.run(
            app, allowingMissingDependencies: failures > 0, progress: { LaunchListing.progress($0) },
            stillRunning: LaunchListing.stillRunning)
        let session = ShellSession(registry: registry, population: population, application: app)
        for (index, step) in journey.enumerated() {
            Terminal.line()
            Terminal.heading("Step \(index + 1): \(step.note)", "   > \(step.command)")
            _ = await session.handle(step.command)
            if session.errors > 0 {
                Terminal.error(
                    "error: the journey stops at step \(index + 1) of \(journey.count): each step acts on the "
                        + "screen the one before it showed")
                break
            }
        }
        await app.terminate()
        let snapshot = registry.snapshot
        Terminal.line()
        Terminal.heading("Summary")
        let members = population.members
        // The isolated plugins launched in processes of their own, as they started.
        let isolated = Isolation.started.withLock { $0 }
        let active =
            members.filter(\.state.isActive).map(\.candidate.name)
            + isolated.flatMap(\.plugins).map { "\($0.name) (isolated)" }
        let unused = (members + population.isolatedMembers).filter {
            if case .declared = $0.state { true } else { false }
        }
        .map(\.candidate.name)
        Terminal.line(
            "  plugins: \(active.isEmpty ? "none" : active.joined(separator: ", "))"
                + (unused.isEmpty ? "" : "; never needed, so never loaded: \(unused.joined(separator: ", "))"))
        let tasks = snapshot.tasks.count + isolated.map(\.launch.entries.count).reduce(0, +)
        Terminal.line("  modules: \(snapshot.modules.count), routes: \(snapshot.routes.count), tasks: \(tasks)")
        let path =
            report.criticalPath.isEmpty ? "no tasks" : "critical path \(report.criticalPath.joined(separator: " -> "))"
        let elsewhere = isolated.map { "\($0.title) (\(LaunchListing.format($0.launch.duration)))" }
        Terminal.line(
            "  launch: \(LaunchListing.format(report.duration)), \(path)"
                + (elsewhere.isEmpty ? "" : "; in plugin processes: \(elsewhere.joined(separator: ", "))"))
        Terminal.line("  transitions: \(session.navigator.history.count)")
        let leaks = session.navigator.leaks
        Terminal.line("  leaks found: \(leaks.isEmpty ? "none" : leaks.map(\.description).joined(separator: "; "))")
        Terminal.line("  errors: \(session.errors == 0 ? "none" : String(session.errors))")
        if failures > 0 { throw HostError.pluginsFailed(count: failures) }
        return leaks.isEmpty && session.errors == 0 ? 0 : 1
    }
}

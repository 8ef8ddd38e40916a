import FoundationEssentials
import Glibc
import Plugboard

/// `plugboard run`: an interactive shell over the loaded plugins.
@MainActor
enum RunCommand {
    nonisolated static let help = """
        USAGE: plugboard run [--plugins DIR]... [--with-bundled] [--open URL] [--strict] [--eager]
                             [--watch] [--build PACKAGE]... [--task-timeout SECONDS]
                             [--isolate NAMES] [--plugin-deadline SECONDS]
                             [--grant NAME[=PERMISSION]]...

        Loads the bundled plugins (or the plugins in each DIR) that are active at launch,
        declares the others (each is loaded when first needed, and says so on standard
        error; the plugins command shows which are active; reload takes the build a plugin's
        file holds now, replacing an active plugin with its screens kept open or declaring
        another anew, and each plugin is mapped from a copy of its file, so that a build
        written over it cannot disturb the running one), launches them with a progress line
        per startup task on standard error, and opens URL (default app://tabs), then reads
        commands from standard input, one per line; it works in a terminal and through a
        pipe. Type help for the commands. In a terminal, a line is edited as in a shell: the
        arrows (with Ctrl, by words), Home and End move, Ctrl-U, Ctrl-K and Ctrl-W cut,
        Ctrl-L clears the screen, Up and Down bring back earlier lines (of earlier sessions
        too: see PLUGBOARD_HISTORY in plugboard --help) and Ctrl-R finds one by what it
        holds, Tab completes commands, URLs, action IDs and module names, Ctrl-C gives up
        the line being typed, as in bash, and Ctrl-D on an empty line ends the shell the way
        quit does; Ctrl-Z stops it with the terminal as it was, and after fg the line is
        drawn again. Ctrl-C (SIGINT) or SIGTERM during the launch stops it. Ctrl-C while a
        command waits (on a plugin that is activating, say) gives that command up, with the
        screen it asked for (which is not shown later), and the shell reads the next; a
        command whose plugin code holds the shell's thread (a screen in the host's process
        that loads without end) cannot be given up: the shell says so, and Ctrl-C again
        quits at once.
        SIGTERM, or SIGINT while the shell waits for a line it does not edit (through a
        pipe, say), ends the shell the way quit does, with status 130
        after SIGINT and 143 after SIGTERM. The end of the input means no more commands: the
        one running then finishes first, as a script's last command must (one that waits on a
        hung isolated plugin, at the plugin's deadline), and SIGTERM ends the shell at once
        even then. Through a pipe, the exit status is 1 if a plugin
        failed to load or a command failed (an error line said why), else 0; a screen that
        says its isolated plugin stopped is shown, not failed: use open, whose status is 4
        then, to test one screen.

        OPTIONS:
          --plugins DIR   Load the .so files in DIR instead of the bundled plugins.
          --with-bundled  Load the bundled plugins as well as those of --plugins.
          --open URL      The first screen to open.
          --strict        Refuse to launch when a plugin's startup tasks do not form a valid
                          graph, rather than quarantining it (and what needs it) and
                          launching the rest.
          --eager         Load every plugin at start, rather than each when it is first needed.
          --watch         Watch the plugin files, and take a plugin's new build once its file is
                          complete (renamed over the old one, or written and settled), as reload
                          does: an active plugin is replaced, another declared anew, saying so.
          --build PACKAGE Watch the sources of the plugin package PACKAGE (its Sources and
                          Package.swift) as well, and run swift build for it when they change,
                          into the build directory the one --plugins DIR is in (DIR must be its
                          debug or release directory, such as .plugboard-build/debug); implies
                          --watch. Repeatable.
        \(Options.taskTimeoutHelp)
        \(Isolation.help)
          -h, --help      Show this help.
        """

    static func run(_ arguments: [String]) async throws -> Int32 {
        let options = try Options(
            launchingPlugins: arguments, valued: ["--open", "--build"],
            switches: ["--strict", "--eager", "--watch"])
        let first = try URLOperand.checked(options.single("--open") ?? "app://tabs")
        let builds = try options.all("--build").map { package in
            guard options.pluginDirectories.count == 1 else {
                throw HostError.usage("--build needs one --plugins DIR, the directory its package builds into")
            }
            return try PackageBuild(package: package, into: options.pluginDirectories[0])
        }
        let (app, failures, population, signals) = try await QuietLaunch.run(
            pluginDirectories: options.pluginDirectories, withBundled: options.withBundled,
            eager: options.has("--eager"), mappingCopies: true, strict: options.has("--strict"), showingProgress: true,
            taskTimeout: try options.taskTimeout,
            isolation: try options.isolation)
        let session = ShellSession(registry: .shared, population: population, application: app)
        let watch =
            options.has("--watch") || !builds.isEmpty ? try PluginWatch(population: population, building: builds) : nil
        let interactive = isatty(STDIN_FILENO) == 1
        if interactive { Terminal.line("Plugboard shell — type help for commands, quit to leave.") }
        if watch != nil {
            Terminal.toStandardError {
                Terminal.line(
                    "Watching the plugin files\(builds.isEmpty ? "" : " and the packages' sources") for changes")
            }
        }
        _ = await session.handle("open \(first)")
        let editor = interactive ? LineEditor(completing: session.completion) : nil
        let input = ShellInput(editor: editor, watcher: watch?.watcher)
        reading: while true {
            switch input.next() {
            case .end: break reading
            case .changed(let changes): await watch?.handle(changes, in: session)
            case .line(let line):
                if !interactive { Terminal.line("> \(line)") }
                // Ctrl-C while the command waits (on a plugin activating, say) gives it up, and
                // the navigation its action asked for: the stack does not change later.
                guard let goesOn = await signals.givingUpOnInterrupt({ await session.handle(line) }) else {
                    session.navigator.abandonRequests()
                    Terminal.error("gave up '\(line)'")
                    continue
                }
                // Text typed into a screen may be a password: it is brought back in this session only.
                editor?.history.add(line, toFile: !session.mayHoldTypedText)
                guard goesOn else { break reading }
            }
        }
        TerminalMode.restore()
        await app.terminate()
        // A termination signal that came meanwhile (its wait given up as the application
        // terminated) gives the status, whichever of the two ends the process first.
        if let signal = signals.received { return TerminationSignals.status(after: signal) }
        // A script read through a pipe is checked by the exit status; a person typing sees each error.
        return failures > 0 || (!interactive && session.errors > 0) ? 1 : 0
    }
}

import FoundationEssentials
import Glibc
import Plugboard

let help = """
    plugboard — load Plugboard plugins, launch them and open their screens.

    USAGE: plugboard <command> [options]

    COMMANDS:
      demo       Load the example plugins, launch them and play a journey through them.
      run        An interactive shell: open URLs, take actions, go back, show the stack.
      launch     Run the startup tasks; print the report, or write it as a trace file.
      graph      Print the startup task graph as text or Graphviz DOT.
      routes     List every route with its owner, parameters and title.
      list       List the loaded plugins, modules, routes, startup tasks and services.
      open       Resolve one URL through the router and print its screen.
      inspect    Print a plugin file's manifest and what its modules register.
      resolve    Print the order plugins would load in, and why any would not, loading none.
      verify     Load each plugin of a directory in a child process; report crashes and hangs.
      new        Create a plugin package that builds, passes its tests and loads as is.
      seal       Write plugins' manifests into their files, readable without loading them.
      completion Print a script that completes plugboard's command line in bash, zsh or fish.
      help       Show this help, or a command's: plugboard help <command>.

    Run 'plugboard <command> --help' for a command's options, and 'plugboard --version' for
    Plugboard's version and the runtime build, Swift compiler and toolchain that plugins must be
    built with to load in this host.

    ENVIRONMENT:
      PLUGBOARD_ALLOW_INSECURE_PLUGINS=1  Load plugin files, and files in directories, that group
                                          or others may write, or that another user owns
                                          (development only).
      NO_COLOR                            Print no colour, even on a terminal.
      PLUGBOARD_MANIFEST_CACHE=DIR        Where the declarations of unsealed plugins, read once
                                          in a child process, are kept for later starts
                                          (default ~/.cache/plugboard/manifests, under
                                          XDG_CACHE_HOME if set); empty to keep none.
      PLUGBOARD_HISTORY=FILE              Where the shell keeps the lines typed at a terminal
                                          (default ~/.local/state/plugboard/history, under
                                          XDG_STATE_HOME if set); empty to keep none. Text
                                          typed into a screen is never written there.
      XDG_STATE_HOME                      Where an isolated plugin's crash reports are kept:
                                          $XDG_STATE_HOME/plugboard/crashes (default
                                          ~/.local/state/plugboard/crashes).
      XDG_CONFIG_HOME                     Where the grants of isolated plugins are read from, one
                                          a line as --grant takes them:
                                          $XDG_CONFIG_HOME/plugboard/grants (default
                                          ~/.config/plugboard/grants).
      XDG_DATA_HOME                       Under which each plugin has a data directory of its own:
                                          $XDG_DATA_HOME/plugboard/plugins/NAME (default
                                          ~/.local/share/plugboard/plugins/NAME).

    EXIT STATUS:
      0    Success.
      1    A command failed: a file or directory it names could not be used, a plugin did not
           load, a route did not match, a launch failed.
      2    The command line has the wrong form: an unknown command or option, a missing or
           extra operand, an operand or option value that is not of its kind.
      3    launch: the plugins launched, but some were quarantined (their startup tasks do
           not form a valid graph); see plugboard launch --help.
      4    open: the screen it opened says that its isolated plugin stopped (it trapped or
           was killed) or did not answer within its deadline.
      130  A launch or the shell was stopped by Ctrl-C (SIGINT).
      143  A launch or the shell was stopped by SIGTERM (before this release, 130 as for SIGINT).
    """

/// The commands a person may type, for the did-you-mean of an unknown one (made only then).
func commandNames() -> [String] { CompletionCommand.commands.map(\.name) + ["--version"] }

/// What `plugboard --version` does, for `plugboard help --version`.
let versionHelp = """
    USAGE: plugboard --version

    Prints Plugboard's version, and the runtime build, Swift compiler and toolchain that plugins
    must be built with to load in this host.
    """

/// What bare `plugboard` prints: the usage in short, and where the rest is.
let shortUsage = """
    USAGE: plugboard <command> [options]
    Run 'plugboard help' for the commands, and 'plugboard demo' to see the bundled app.
    """

func commandHelp(_ command: String) -> String? {
    switch command {
    case "--version": versionHelp
    case "demo": DemoCommand.help
    case "run": RunCommand.help
    case "inspect": InspectCommand.help
    case "verify": VerifyCommand.help
    case "new": NewCommand.help
    case "seal": SealCommand.help
    case "launch": LaunchCommand.help
    case "graph": GraphCommand.help
    case "routes": RoutesCommand.help
    case "list": ListCommand.help
    case "open": OpenCommand.help
    case "completion": CompletionCommand.help
    case "resolve": ResolveCommand.help
    default: nil
    }
}

/// `plugboard help [COMMAND]`: the usage, or a command's.
func showHelp(_ arguments: [String]) throws -> Int32 {
    guard let topic = arguments.first, topic != "--help", topic != "-h" else {
        Terminal.line(help)
        return 0
    }
    guard let text = commandHelp(topic) else { throw HostError.unknown("command", topic, known: commandNames()) }
    Terminal.line(text)
    return 0
}

/// `plugboard --version`: Plugboard's version, and the runtime build and toolchain a plugin must
/// be built with to load in this host (the fingerprint it must carry).
func showVersion(_ arguments: [String]) throws -> Int32 {
    guard arguments.isEmpty else { throw HostError.usage("--version takes no arguments") }
    let fingerprint = RuntimeFingerprint.current
    Terminal.line("Plugboard \(RuntimeFingerprint.version)")
    Terminal.line("  runtime build  \(fingerprint.runtimeVersion)")
    Terminal.line("  Swift          \(RuntimeFingerprint.compiler)")
    Terminal.line("  toolchain      \(fingerprint.toolchain)")
    Terminal.line("A plugin loads in this host when built against this runtime build with this toolchain.")
    return 0
}

func run(_ arguments: [String]) async -> Int32 {
    guard let command = arguments.first else {
        Terminal.error(shortUsage)
        return 2
    }
    let rest = Array(arguments.dropFirst())
    if rest.contains("--help") || rest.contains("-h"), let text = commandHelp(command) {
        Terminal.line(text)
        return 0
    }
    do {
        switch command {
        case "help", "--help", "-h": return try showHelp(rest)
        case "--version": return try showVersion(rest)
        case "demo": return try await DemoCommand.run(rest)
        case "run": return try await RunCommand.run(rest)
        case "inspect": return try InspectCommand.run(rest)
        case "verify": return try VerifyCommand.run(rest)
        case "new": return try NewCommand.run(rest)
        case "seal": return try SealCommand.run(rest)
        case "completion": return try CompletionCommand.run(rest)
        case "resolve": return try ResolveCommand.run(rest)
        case ChildDescription.command: return ChildDescription.runChild(rest)
        case VerifyCommand.childCommand: return VerifyCommand.runChild(rest)
        case ScreenVerification.childCommand: return await ScreenVerification.runChild(rest)
        case ActionVerification.childCommand: return await ActionVerification.runChild(rest)
        case "launch": return try await LaunchCommand.run(rest)
        case "graph": return try GraphCommand.run(rest)
        case "routes": return try await RoutesCommand.run(rest)
        case "list": return try await ListCommand.run(rest)
        case "open": return try await OpenCommand.run(rest)
        default: throw HostError.unknown("command", command, known: commandNames())
        }
    } catch {
        Terminal.error("error: \(error)")
        if case .usage? = error as? HostError {
            // The help of the command that was given, if it is one.
            let help =
                commandHelp(command) == nil || command.hasPrefix("-")
                ? "plugboard --help" : "plugboard \(command) --help"
            Terminal.error("Run '\(help)' for usage.")
        }
        return (error as? HostError)?.status ?? 1
    }
}

// A write past the file size limit (`ulimit -f`) then fails and is reported with its file, rather
// than ending the host.
signal(SIGXFSZ, SIG_IGN)
InheritedDescriptors.closeOnExec()
// A plugin process serves on the main thread, which it must have before anything awaits.
if CommandLine.arguments.dropFirst().first == Isolation.command {
    exit(Isolation.serve(Array(CommandLine.arguments.dropFirst(2))))
}
exit(await run(Array(CommandLine.arguments.dropFirst())))

/// A command of the interactive shell, named by a line's first word; the help, Tab completion and
/// the interpreter all take the commands from here.
enum ShellCommand: String, CaseIterable {
    case open, `do`, back, stack, history, routes, modules, plugins, reload, restart, disable, enable, post, help, quit

    /// The command a line's first word names (`exit` is `quit`), or `nil`.
    init?(word: some StringProtocol) {
        self.init(rawValue: word == "exit" ? "quit" : String(word))
    }

    /// How the command is written, with its argument.
    var usage: String {
        switch self {
        case .open: "open URL"
        case .do: "do ID [TEXT]"
        case .disable: "disable MODULE"
        case .enable: "enable MODULE"
        case .post: "post EVENT"
        case .reload: "reload [PLUGIN]"
        case .restart: "restart PLUGIN"
        default: rawValue
        }
    }

    /// Whether the command takes an argument.
    var takesArgument: Bool { usage != rawValue }

    /// What the command does, as the help says it.
    var summary: String {
        switch self {
        case .open: "open a route (e.g. open app://circles)"
        case .do: "take the action named ID (e.g. do login)"
        case .back: "go back (pop, or dismiss a presented screen)"
        case .stack: "show the navigation stack"
        case .history: "show every transition so far"
        case .routes: "list the routes"
        case .modules: "list the modules, and which are disabled"
        case .plugins: "list the plugins, and which are active"
        case .reload: "take the build a plugin's file holds now (every active plugin's, alone)"
        case .restart:
            "start an isolated plugin that stopped or has not started, rebuilding its screens (one that "
                + "stops 3 times within 5 minutes stays stopped until restarted)"
        case .disable: "switch a module off: its routes answer \"disabled\""
        case .enable: "switch a disabled module back on"
        case .post: "post a custom event to the modules that handle it"
        case .help: "show this help"
        case .quit: "leave (or Ctrl-D)"
        }
    }

    /// The shell's help: each command, then taking an action by its number, then the keys.
    static let helpText: String = {
        let rows =
            allCases.map { ($0.usage, $0.summary) }
            + [("N [TEXT]", "take action N of the current screen, with TEXT if it types")]
        let lines = rows.map { usage, summary in
            "  " + usage + String(repeating: " ", count: 18 - usage.count) + summary
        }
        let keys = [
            "At a terminal, Tab completes commands, URLs, action IDs and module names, Up and Down",
            "bring back earlier lines, and Ctrl-R finds one by what it holds.",
        ]
        return (["Commands:"] + lines + keys).joined(separator: "\n")
    }()
}

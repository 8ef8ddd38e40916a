import Plugboard

/// A command's parsed `--name value` options, `--flag` switches and operands (its other
/// arguments, such as a URL), in any order.
struct Options {
    private var values: [String: [String]] = [:]
    private var flags: Set<String> = []
    /// The arguments that are neither options nor their values, in order.
    private(set) var operands: [String] = []

    /// Parses `arguments`; an argument that starts with `-` and is not in `valued` or `switches`,
    /// or more than `operands` other arguments, is a usage error.
    init(_ arguments: [String], valued: Set<String>, switches: Set<String> = [], operands: Int = 0) throws {
        var index = arguments.startIndex
        while index < arguments.endIndex {
            let argument = arguments[index]
            if valued.contains(argument) {
                let next = arguments.index(after: index)
                guard next < arguments.endIndex else { throw HostError.usage("\(argument) needs a value") }
                values[argument, default: []].append(arguments[next])
                index = arguments.index(after: next)
            } else if switches.contains(argument) {
                flags.insert(argument)
                index = arguments.index(after: index)
            } else if !argument.hasPrefix("-") && self.operands.count < operands {
                self.operands.append(argument)
                index = arguments.index(after: index)
            } else if argument.hasPrefix("-") {
                throw HostError.unknown("option", argument, known: (valued.union(switches).union(["--help"])).sorted())
            } else {
                throw HostError.usage("unexpected argument '\(argument)'")
            }
        }
    }

    /// Every value given for `name`, in order.
    func all(_ name: String) -> [String] {
        values[name] ?? []
    }

    /// The single value given for `name`, or `nil`; giving it twice is a usage error.
    func single(_ name: String) throws -> String? {
        let given = all(name)
        guard given.count <= 1 else { throw HostError.usage("\(name) may be given once") }
        return given.first
    }

    /// Parses the `arguments` of a command that loads plugins: its own options as ``init(_:valued:switches:operands:)``
    /// takes them, and those every such command takes — `--plugins DIR` (repeatable) loads the
    /// `.so` files of DIR instead of the bundled plugins, `--with-bundled` the bundled plugins as
    /// well.
    init(loadingPlugins arguments: [String], valued: Set<String> = [], switches: Set<String> = [], operands: Int = 0)
        throws
    {
        try self.init(
            arguments, valued: valued.union(["--plugins"]), switches: switches.union(["--with-bundled"]),
            operands: operands)
    }

    /// Parses the `arguments` of a command that loads plugins and launches them: as
    /// ``init(loadingPlugins:valued:switches:operands:)`` does, `--task-timeout SECONDS`, the
    /// deadline of a startup task that names no timeout of its own (``taskTimeout``), and
    /// `--isolate` with `--plugin-deadline`, the plugins to run in processes of their own and how
    /// long they may take to answer (``isolation``).
    init(launchingPlugins arguments: [String], valued: Set<String> = [], switches: Set<String> = [], operands: Int = 0)
        throws
    {
        try self.init(
            loadingPlugins: arguments, valued: valued.union(["--task-timeout"]).union(Self.isolationOptions),
            switches: switches,
            operands: operands)
    }

    /// The options that say where plugins run (``isolation``).
    static let isolationOptions: Set<String> = ["--isolate", "--plugin-deadline", "--grant"]

    /// Where `--isolate` runs the plugins: `all`, `none` (the default) or the plugins named; the
    /// deadline `--plugin-deadline` gives a request to a plugin process; and what isolated plugins
    /// may do: the grants of the person's grants file and of each `--grant`.
    /// - Throws: ``HostError/usage(_:)`` when `all` or `none` is given beside other values, or the
    ///   deadline is not a number of seconds above 0.
    var isolation: IsolationChoice {
        get throws {
            var choice = IsolationChoice()
            do {
                choice.policy = try IsolationPolicy(parsing: all("--isolate"))
            } catch {
                throw HostError.usage("--isolate: \(error)")
            }
            if let seconds = try seconds("--plugin-deadline") { choice.deadline = Self.duration(seconds) }
            choice.grants = try PermissionFile.grants(adding: all("--grant"))
            return choice
        }
    }

    /// The help of `--task-timeout`, as every command that launches lists it.
    static let taskTimeoutHelp = """
          --task-timeout SECONDS
                          How long a startup task that names no timeout of its own may run
                          before it is stopped and counted as timed out (default 20).
        """

    /// The deadline of `--task-timeout`, or ``StartupTask/defaultTimeout``.
    /// - Throws: ``HostError/usage(_:)`` when the value is not a number of seconds above 0.
    var taskTimeout: Duration {
        get throws {
            try seconds("--task-timeout").map(Self.duration) ?? StartupTask.defaultTimeout
        }
    }

    /// `seconds` as a duration, rounded up to a whole millisecond.
    private static func duration(_ seconds: Double) -> Duration {
        .milliseconds(Int64((seconds * 1000).rounded(.up)))
    }

    /// The number of seconds given for `name`, if it was given.
    /// - Throws: ``HostError/usage(_:)`` when it is not a number of seconds above 0.
    func seconds(_ name: String) throws -> Double? {
        try single(name).map { text in
            guard let seconds = Double(text), seconds > 0, seconds.isFinite, seconds < 1e9 else {
                throw HostError.usage("\(name) takes a number of seconds above 0, such as 10 or 0.5")
            }
            return seconds
        }
    }

    /// The directories of `--plugins`, in order.
    var pluginDirectories: [String] { all("--plugins") }

    /// Whether `--with-bundled` asks for the bundled plugins beside those of `--plugins`.
    var withBundled: Bool { has("--with-bundled") }

    /// Whether the switch `name` was given.
    func has(_ name: String) -> Bool {
        flags.contains(name)
    }
}

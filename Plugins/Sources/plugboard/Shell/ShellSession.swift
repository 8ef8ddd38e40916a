import Plugboard
import Synchronization

/// The interactive shell's interpreter: one command line in, what a person sees out.
@MainActor
final class ShellSession {
    let navigator: Navigator
    /// How many commands ended in an error.
    private(set) var errors = 0
    /// Whether the last command line may have typed text into the screen, which may be secret (a
    /// password): a line that takes an action, unless the action was found and took no text.
    private(set) var mayHoldTypedText = false

    /// The installed plugins, active or not (for `plugins`), if the shell has them.
    private let population: PluginPopulation?
    /// The launched application, which `post` posts events to.
    private let application: Application?

    init(registry: Registry, population: PluginPopulation? = nil, application: Application? = nil) {
        navigator = Navigator(registry: registry)
        self.population = population
        self.application = application
    }

    /// Runs one command line; returns `false` when the shell should end. The command is the
    /// line's first word; what follows the blanks after it, if anything, is its argument, without
    /// the blanks that end the line.
    func handle(_ line: String) async -> Bool {
        var line = line.drop { $0.isWhitespace }
        while line.last?.isWhitespace == true { line = line.dropLast() }
        let command = String(line.prefix { !$0.isWhitespace })
        let known = ShellCommand(word: command)
        mayHoldTypedText = known == .do || Self.isActionNumber(command)
        guard !command.isEmpty else { return true }
        let argument = line.dropFirst(command.count).drop { $0.isWhitespace }
        let rest = argument.isEmpty ? nil : String(argument)
        do {
            if let known, !known.takesArgument, let rest {
                throw HostError.failed("\(command) takes nothing after it, not '\(rest)'; type \(command) alone")
            }
            switch known {
            case .quit: return false
            case .help: Terminal.line(ShellCommand.helpText)
            case .open:
                guard let url = rest else { throw HostError.failed("open needs a URL") }
                try await navigator.open(url)
                showScreen()
            case .back:
                let stacks = navigator.state.stacks
                try await navigator.show(stacks.count > 1 && stacks.last?.count == 1 ? .dismiss : .pop)
                showScreen()
            case .stack: Terminal.line("Stack: \(navigator.state)")
            case .history:
                for (index, transition) in navigator.history.enumerated() {
                    Terminal.line("  \(index + 1). \(transition)")
                }
            case .routes: RegistryListing.printRoutes(navigator.registry.snapshot)
            case .modules: RegistryListing.printModules(navigator.registry.snapshot)
            case .plugins:
                RegistryListing.printPlugins(population, snapshot: navigator.registry.snapshot)
            case .reload:
                try await reload(rest)
            case .restart:
                try await restart(rest)
            case .post:
                guard let name = rest else {
                    throw HostError.failed("post needs an event's name, such as user.logged-in")
                }
                guard let application, await application.post(Event(.custom(name))) else {
                    throw HostError.failed("the application is not running, so '\(name)' was not delivered")
                }
                // Those that heard it, once the plugins that declare a handler of it are active.
                let heard = navigator.registry.snapshot.handlers.filter { $0.event == .custom(name) }
                Terminal.line(
                    heard.isEmpty
                        ? "posted \(name); no module handles it"
                        : "posted \(name) to \(heard.map(\.owner.module).joined(separator: ", "))")
                // An isolated plugin that handles it started again if it had stopped.
                _ = await navigator.rebuildStoppedScreens()
            case .disable, .enable:
                guard let module = rest else {
                    throw HostError.failed("\(command) needs a module's name; type modules for them")
                }
                let name = try Self.module(named: module, in: navigator.registry.snapshot)
                try known == .disable
                    ? navigator.registry.disable(module: name) : navigator.registry.enable(module: name)
                Terminal.line("\(name): \(command)d")
            case .do:
                let available = (navigator.topScreen?.actions ?? []).map(\.id)
                guard let rest else {
                    throw HostError.failed("do needs an action's ID; this screen's: \(Self.list(available))")
                }
                // Action names may hold spaces ("row 1"): the longest name that starts the rest wins.
                let ids = available.sorted { $0.count > $1.count }
                guard let id = ids.first(where: { rest == $0 || rest.hasPrefix($0 + " ") }) else {
                    throw NavigationError.unknownAction(rest, available: available)
                }
                let text = rest.count > id.count ? String(rest.dropFirst(id.count + 1)) : nil
                try await act(id: id, text: text)
            case nil:
                guard Self.isActionNumber(command) else {
                    throw HostError.failed("unknown command '\(command)'; type help")
                }
                let actions = navigator.topScreen?.actions ?? []
                guard let number = Int(command), actions.indices.contains(number - 1) else {
                    let numbers = actions.isEmpty ? "none" : actions.count == 1 ? "1" : "1 to \(actions.count)"
                    throw HostError.failed("there is no action \(command) on this screen; its actions: \(numbers)")
                }
                try await act(id: actions[number - 1].id, text: rest)
            }
        } catch {
            // A command the person gave up (Ctrl-C) has nothing more to say.
            if !Task.isCancelled { fail(error) }
        }
        return true
    }

    /// Takes the build the file of the plugin `name` holds now (every active plugin's, when `nil`)
    /// and says what happened: an active plugin is replaced and its screens rebuilt; another is
    /// declared anew.
    private func reload(_ name: String?) async throws {
        guard population != nil else { throw HostError.failed("reload needs the shell's own plugins") }
        let isolated = Isolation.started.withLock { $0 }.compactMap { $0.plugins.first?.name }
        var replaced = false
        for plugin in name.map({ [$0] }) ?? activePluginNames + isolated {
            replaced = try await renew(plugin, since: .now) || replaced
        }
        if replaced { showScreen() }
    }

    /// Takes, for each of `plugins` whose file changed, the last change `completed`, the build its
    /// file holds now, as `reload` does, and says what happened to each.
    func reloadChanged(_ plugins: [(name: String, completed: ContinuousClock.Instant)]) async {
        var replaced = false
        for (name, completed) in plugins {
            do {
                replaced = try await renew(name, since: completed) || replaced
            } catch {
                fail(error)
            }
        }
        if replaced { showScreen() }
    }

    /// The plugins of the shell's population that are active in the host's process.
    var activePluginNames: [String] {
        population?.members.filter(\.state.isActive).map(\.candidate.name) ?? []
    }

    /// The plugins declared or started to run isolated, each group's plugins each by name.
    var isolatedPluginNames: [String] {
        let started = Isolation.started.withLock { $0 }.flatMap { $0.plugins.map(\.name) }
        let declared = population?.isolatedMembers.map(\.candidate.name) ?? []
        return Array(Set(started + declared)).sorted()
    }

    /// Starts the isolated plugin `name` again, whatever stopped it, with the plugins isolated
    /// with it, and rebuilds their screens; one that runs is left running (its stops so far are
    /// forgotten), and the person told so.
    private func restart(_ name: String?) async throws {
        guard let name else { throw HostError.failed("restart needs an isolated plugin's name; type plugins for them") }
        guard let plugin = Isolation.started.withLock({ $0 }).first(where: { $0.plugins.contains { $0.name == name } })
        else {
            // One to run isolated that has not started starts now, even if it failed to before.
            if let population, population.isolatedMembers.contains(where: { $0.candidate.name == name }) {
                try population.retryIsolated(name)
                try await population.activate(name)
                showScreen()
                return
            }
            guard population?.members.contains(where: { $0.candidate.name == name }) == true else {
                throw HostError.failed(
                    "no isolated plugin is named '\(name)'; plugins lists the plugins and where they run")
            }
            throw HostError.failed(
                "\(name) runs in the host's process, which restart cannot start again: run the host with "
                    + "--isolate \(name) to give it a process of its own, or reload \(name) to take its build anew")
        }
        let running = plugin.processID
        try await plugin.restart()
        if let running {
            Terminal.line(
                "\(plugin.title): running (process \(running)), so nothing to restart; "
                    + "reload \(name) replaces its process")
            return
        }
        let rebuilt = await navigator.rebuildStoppedScreens().rebuilt
        Terminal.line(
            "restarted \(plugin.title) (process \(plugin.processID.map(String.init) ?? "-")); "
                + "\(counted(rebuilt, "screen")) rebuilt")
        showScreen()
    }

    /// Counts and prints an error a command, or a change it watched, met.
    func fail(_ error: any Error) {
        errors += 1
        Terminal.error("error: \(error)")
    }

    /// Takes the build the file of `name` holds now, saying how long that took since `start`: an
    /// active plugin is replaced by it and its screens rebuilt; a plugin that is not active is
    /// declared anew from what the file declares (read as at start), to load when first needed.
    /// Returns whether the plugin was replaced.
    private func renew(_ name: String, since start: ContinuousClock.Instant) async throws -> Bool {
        guard let population else { return false }
        // An isolated plugin's process is replaced by one that loads the new build.
        if let isolated = Isolation.started.withLock({ $0 }).first(where: { $0.plugins.contains { $0.name == name } }) {
            try await isolated.replace()
            var rebuilt = 0
            for member in isolated.plugins { rebuilt += await navigator.rebuildScreens(of: member.name).rebuilt }
            Terminal.line(
                "reloaded \(isolated.title) in \(LaunchListing.format(.now - start)) (isolated, process "
                    + "\(isolated.processID.map(String.init) ?? "-")); \(counted(rebuilt, "screen")) rebuilt")
            return true
        }
        // One to run isolated that has not started loads the file as it is when it starts; one
        // that failed to start is tried again then.
        if let waiting = population.isolatedMembers.first(where: { $0.candidate.name == name }) {
            try population.retryIsolated(name)
            Terminal.line(
                "\(waiting.candidate.title) has not started: its process loads the new build when it is first needed")
            return false
        }
        if let member = population.members.first(where: { $0.candidate.name == name }), !member.state.isActive {
            let path = member.candidate.path
            let read = PopulationReading.candidates(of: [path], loader: population.loader)
            if let unreadable = read.unreadable.first { throw HostError.failed(unreadable.message) }
            guard let candidate = read.candidates.first, let manifest = read.manifests[path] else { return false }
            if let refusal = candidate.refusal { throw HostError.failed(refusal) }
            guard candidate.name == name else {
                throw HostError.failed(
                    "\(PluginLoader.shown(path: path)) now holds plugin \(candidate.title), not \(name); "
                        + "start the host again to take it")
            }
            try population.redeclare(candidate, manifest: manifest)
            Terminal.line(
                "declared \(candidate.title) anew in \(LaunchListing.format(.now - start)); "
                    + "it loads when first needed")
            return false
        }
        let loaded = try await population.reload(name)
        let rebuilt = await navigator.rebuildScreens(of: name)
        Terminal.line(
            "reloaded \(loaded.manifest.name) \(loaded.manifest.version) in \(LaunchListing.format(.now - start)); "
                + "\(counted(rebuilt.rebuilt, "screen")) rebuilt")
        if !rebuilt.removed.isEmpty {
            Terminal.line("  no longer open, so removed from the stack: \(rebuilt.removed.joined(separator: ", "))")
        }
        return true
    }

    /// Whether `word` takes an action by its number: an integer, even one too large for `Int`.
    private static func isActionNumber(_ word: String) -> Bool {
        Int(word) != nil
            || (!word.isEmpty && word.utf8.allSatisfy { $0 >= UInt8(ascii: "0") && $0 <= UInt8(ascii: "9") })
    }

    /// `ids` as a list for an error message.
    private static func list(_ ids: [String]) -> String {
        ids.isEmpty ? "none" : ids.joined(separator: ", ")
    }

    private func act(id: String, text: String?) async throws(NavigationError) {
        mayHoldTypedText = text != nil
        let failuresBefore = navigator.failures.count
        try await navigator.perform(id, text: text)
        // A command given up (Ctrl-C) has nothing more to say.
        guard !Task.isCancelled else { return }
        for failure in navigator.failures.dropFirst(failuresBefore) { fail(failure) }
        showScreen()
    }

    /// Prints the current screen, its numbered actions and the stack.
    func showScreen() {
        guard let screen = navigator.topScreen else {
            Terminal.line("(no screen; open a URL)")
            return
        }
        ScreenListing.print(screen)
        for (index, action) in screen.actions.enumerated() {
            let notes = [action.takesText ? "takes text" : nil, action.isEnabled ? nil : "disabled"].compactMap { $0 }
            Terminal.line(
                "  \(index + 1)) \(action.title)  [\(action.id)]"
                    + (notes.isEmpty ? "" : " (\(notes.joined(separator: ", ")))"))
        }
        Terminal.line("Stack: \(navigator.state)")
    }
}

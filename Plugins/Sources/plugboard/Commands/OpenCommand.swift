import Glibc
import Plugboard
import Synchronization

/// `plugboard open URL`: launch, resolve one URL through the router and print its screen.
@MainActor
enum OpenCommand {
    nonisolated static let help = """
        USAGE: plugboard open URL [--plugins DIR]... [--with-bundled] [--strict] [--eager]
                              [--task-timeout SECONDS] [--isolate NAMES] [--plugin-deadline SECONDS]
                              [--grant NAME[=PERMISSION]]...

        Loads the bundled plugins (or the plugins in each DIR) that are active at launch and
        declares the others, launches them, resolves URL through the router and its
        interceptors (which loads the plugin that serves it, if it is not active), and prints
        the screen once it has loaded, with its actions and the stack, as run shows it. An
        unknown URL is an error that names the nearest registered routes; a screen that has not
        loaded within the --task-timeout deadline is an error too (one whose code holds the
        host's thread, in the host's process, cannot be given up: the host says so and ends).

        OPTIONS:
          --plugins DIR   Load the .so files in DIR instead of the bundled plugins.
          --with-bundled  Load the bundled plugins as well as those of --plugins.
          --strict        Refuse to launch when a plugin's startup tasks do not form a valid
                          graph, rather than quarantining it and launching the rest.
          --eager         Load every plugin at start, rather than each when it is first needed.
        \(Options.taskTimeoutHelp)
        \(Isolation.help)
          -h, --help      Show this help.
        """

    static func run(_ arguments: [String]) async throws -> Int32 {
        let options = try Options(
            launchingPlugins: arguments, switches: ["--strict", "--eager"], operands: 1)
        guard let url = try options.operands.first.map(URLOperand.checked) else {
            throw HostError.usage("open needs a URL")
        }
        let (app, failures, population, _) = try await QuietLaunch.run(
            pluginDirectories: options.pluginDirectories, withBundled: options.withBundled,
            eager: options.has("--eager"),
            strict: options.has("--strict"), taskTimeout: try options.taskTimeout,
            isolation: try options.isolation)
        // The screen is shown as the shell shows it: once it has loaded, with its actions and
        // the stack, within the deadline of a startup task.
        let session = ShellSession(registry: .shared, population: population, application: app)
        let deadline = try options.taskTimeout
        let opened = FirstOf<Result<Void, NavigationError>?>()
        // Whether this thread took the result: a screen whose code holds it never lets it.
        let taken = TakenResult()
        let result = await withCheckedContinuation { continuation in
            opened.setWaiter(continuation)
            Task { @MainActor in
                do throws(NavigationError) {
                    try await session.navigator.open(url)
                    opened.finish(.success(()))
                } catch {
                    opened.finish(.failure(error))
                }
            }
            Task.detached {
                try? await Task.sleep(for: deadline)
                opened.finish(nil)
                // Past the deadline, the screen's code may hold this command's thread, which then
                // never takes the result; nothing can stop that code, so the host says so and ends.
                try? await Task.sleep(for: TerminationSignals.givingUpTime)
                guard !taken.flag.withLock({ $0 }) else { return }
                Terminal.error(
                    "error: the screen of '\(url)' did not load within \(deadline), and its plugin's code holds the "
                        + "host's thread, so it cannot be given up: ending without the plugins' shutdown work")
                fflush(nil)
                _exit(1)
            }
        }
        taken.flag.withLock { $0 = true }
        switch result {
        case nil:
            throw HostError.failed("the screen of '\(url)' did not load within \(deadline); its plugin may hang")
        case .failure(.lookup(.activationFailed(let url, let plugin, _)))?:
            // Its activation, in this process, said why just above.
            throw HostError.failed("'\(url)' is not available: plugin '\(plugin)' could not be activated (see above)")
        case .failure(.lookup(let error))?:
            throw HostError.lookup(error)
        case .failure(let error)?:
            throw HostError.failed(error.description)
        case .success?:
            for redirect in session.navigator.history.last?.redirects ?? [] {
                Terminal.line("→ redirected to \(redirect)")
            }
            session.showScreen()
        }
        // The screen shown says its isolated plugin stopped or hung: a script tells that apart.
        let stopped = session.navigator.topScreenStop != nil
        await app.terminate()
        return stopped ? 4 : failures > 0 ? 1 : 0
    }
}

/// Whether a command's thread took the result it waited for.
private final class TakenResult: Sendable {
    let flag = Mutex(false)
}

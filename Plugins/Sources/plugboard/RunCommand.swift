import Foundation
import Plugboard

/// `plugboard run`: an interactive shell over the loaded plugins.
@MainActor
enum RunCommand {
    nonisolated static let help = """
        USAGE: plugboard run [--plugins DIR]... [--with-bundled] [--open URL]

        Loads the bundled plugins (or the plugins in each DIR), launches them and opens URL
        (default app://tabs), then reads commands from standard input, one per line; it works
        in a terminal and through a pipe. Type help for the commands. Ctrl-C (SIGINT) or
        SIGTERM stops the launch, or later ends the shell the way quit does. Through a pipe,
        the exit status is 1 if a plugin failed to load or a command failed.

        OPTIONS:
          --plugins DIR   Load the .so files in DIR instead of the bundled plugins.
          --with-bundled  Load the bundled plugins as well as those of --plugins.
          --open URL      The first screen to open.
          -h, --help      Show this help.
        """

    static func run(_ arguments: [String]) async throws -> Int32 {
        let options = try Options(arguments, valued: ["--plugins", "--open"], switches: ["--with-bundled"])
        let first = try options.single("--open") ?? "app://tabs"
        let (app, failures) = try await QuietLaunch.run(
            pluginDirectories: options.all("--plugins"), withBundled: options.has("--with-bundled"))
        let session = ShellSession(registry: .shared)
        let interactive = isatty(STDIN_FILENO) == 1
        if interactive { Terminal.line("Plugboard shell — type help for commands, quit to leave.") }
        _ = await session.handle("open \(first)")
        while true {
            if interactive { Terminal.output("> ") }
            guard let line = readLine() else { break }
            if !interactive { Terminal.line("> \(line)") }
            guard await session.handle(line.trimmingCharacters(in: .whitespaces)) else { break }
        }
        await app.terminate()
        // A script read through a pipe is checked by the exit status; a person typing sees each error.
        return failures > 0 || (!interactive && session.errors > 0) ? 1 : 0
    }
}

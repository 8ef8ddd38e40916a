import Foundation
import Testing

/// `plugboard run` driven through a pipe, as a script or a person would type.
struct RunCommandTests {
    @Test func aScriptedSessionShowsWhatAPersonWouldSee() async throws {
        let input =
            [
                "open app://circles", "1", "back", "open app://mine", "do log in", "do account ann",
                "do password secret",
                "do login", "stack", "history", "bogus", "quit",
            ].joined(separator: "\n") + "\n"
        let run = try await HostProcess.run(["run"], input: input)
        #expect(run.status == 1, "a script with a failed command ends with status 1")
        let output = run.standardOutput
        // Its plugin activates as the circles open, and says so before the screen.
        #expect(
            output.contains(
                /> open app:\/\/circles\nactivated Circles 1\.0\.0 in [0-9.]+ ms\n┌─ Circles\n│ Joined: Hiking, Photography/
            ),
            "\(output)")
        #expect(output.contains("> 1\n┌─ Hiking\n│ [image: mountain.png]"))
        #expect(output.contains("Stack: Home > Circles > Hiking\n"))
        #expect(output.contains("> back\n┌─ Circles"))
        #expect(output.contains("> do login\n┌─ Mine\n│ Logged in as ann"))
        #expect(output.contains("> stack\nStack: Home > Circles > Mine\n"))
        #expect(output.contains("  7. pop app://login\n"))
        #expect(run.standardError.contains("error: unknown command 'bogus'; type help"))
    }

    @Test func everyCommandTheHelpListsIsOneTheShellKnows() async throws {
        let help = try await HostProcess.run(["run"], input: "help\n").standardOutput
        let words = help.split(separator: "\n").drop { $0 != "Commands:" }.dropFirst()
            .prefix { $0.hasPrefix("  ") }.compactMap { $0.split(separator: " ").first.map(String.init) }
        #expect(words.count == 16, "\(words)")
        // Each command alone, quit last; one with a missing argument says what it needs instead.
        let commands = words.filter { $0 != "quit" && $0 != "N" } + ["1", "quit"]
        let run = try await HostProcess.run(["run"], input: commands.joined(separator: "\n") + "\n")
        #expect(!run.standardError.contains("unknown command"), "\(run.standardError)")
        #expect(run.standardOutput.contains("> quit\n"), "\(run.standardOutput)")
        #expect(run.status == 1, "open, do, restart, disable and enable without an argument are errors")
    }

    @Test func aModuleSwitchedOffAnswersDisabledUntilItIsSwitchedOn() async throws {
        let input =
            [
                "disable Circls", "disable CirclesPlugin.CirclesModule", "modules", "open app://circles",
                "enable Circles", "open app://circles", "disable CirclesModule", "enable CirclesPlugin", "enable",
                "quit",
            ].joined(separator: "\n") + "\n"
        let run = try await HostProcess.run(["run"], input: input)
        #expect(run.status == 1, "a script with a failed command ends with status 1")
        #expect(
            run.standardOutput.contains(
                "> disable CirclesPlugin.CirclesModule\nCirclesPlugin.CirclesModule: disabled\n> modules\n"
                    + "  ShellPlugin.ShellModule  from plugin Shell\n"
                    + "  AccountPlugin.AccountModule  from plugin Account\n"
                    + "  BlogPlugin.BlogModule  from plugin Blog\n"
                    + "  CirclesPlugin.CirclesModule  from plugin Circles  (not loaded yet, disabled)\n"))
        // Disabled while not loaded, it is not loaded for its route; once enabled, it is.
        #expect(run.standardError.contains("which is disabled\n"), "\(run.standardError)")
        let enabled = try #require(run.standardOutput.range(of: "> enable Circles\n"))
        let activated = try #require(run.standardOutput.range(of: "activated Circles 1.0.0 in "))
        #expect(enabled.upperBound <= activated.lowerBound, "\(run.standardOutput)")
        // A short name, unambiguous, names the module: its plugin's, its type's or its Swift module's.
        #expect(
            run.standardOutput.contains(
                /CirclesPlugin\.CirclesModule: enabled\n> open app:\/\/circles\nactivated Circles 1\.0\.0 in [0-9.]+ ms\n┌─ Circles\n/
            ))
        #expect(
            run.standardOutput.contains(
                "> disable CirclesModule\nCirclesPlugin.CirclesModule: disabled\n> enable CirclesPlugin\n"
                    + "CirclesPlugin.CirclesModule: enabled\n"))
        let errors = run.standardError.split(separator: "\n").filter { $0.hasPrefix("error: ") }
        #expect(
            errors == [
                "error: no module named 'Circls' is registered; did you mean 'CirclesPlugin.CirclesModule', "
                    + "'BlogPlugin.BlogModule', 'ShellPlugin.ShellModule'?",
                "error: 'app://circles' belongs to module CirclesPlugin.CirclesModule, which is disabled",
                "error: enable needs a module's name; type modules for them",
            ])
    }

    /// `restart` starts isolated plugins again: of one that runs in the host's process it says how
    /// to isolate it, and of a name no plugin has, where the names are.
    @Test func restartOfAPluginInTheHostsProcessSaysHowToIsolateIt() async throws {
        let run = try await HostProcess.run(["run"], input: "restart Circles\nrestart Nope\n")
        #expect(run.status == 1)
        let said = run.standardError.split(separator: "\n").filter { $0.hasPrefix("error: ") }
        #expect(
            said == [
                "error: Circles runs in the host's process, which restart cannot start again: run the host with "
                    + "--isolate Circles to give it a process of its own, or reload Circles to take its build anew",
                "error: no isolated plugin is named 'Nope'; plugins lists the plugins and where they run",
            ], "\(run.standardError)")
    }

    @Test func blanksAroundACommandAndItsArgumentDoNotMatter() async throws {
        let run = try await HostProcess.run(["run"], input: "  open   app://circles\t\n\tdo\t row 1  \nstack\nquit\n")
        #expect(run.status == 0, "\(run.standardError)")
        #expect(run.standardError.split(separator: "\n").filter { $0.hasPrefix("error: ") } == [])
        #expect(run.standardOutput.contains("> stack\nStack: Home > Circles > Hiking\n"))
    }

    @Test func aCommandThatTakesNoArgumentRefusesOneAndDoesNothing() async throws {
        let input =
            ["open app://circles", "back 2", "stack", "quit now", "stack", "exit"].joined(separator: "\n") + "\n"
        let run = try await HostProcess.run(["run"], input: input)
        #expect(run.status == 1, "a script with a failed command ends with status 1")
        #expect(run.standardOutput.contains("> back 2\n> stack\nStack: Home > Circles\n> quit now\n> stack\n"))
        let errors = run.standardError.split(separator: "\n").filter { $0.hasPrefix("error: ") }
        #expect(
            errors == [
                "error: back takes nothing after it, not '2'; type back alone",
                "error: quit takes nothing after it, not 'now'; type quit alone",
            ])
    }

    @Test func anActionThatIsNotThereIsAnErrorListingThoseThatAre() async throws {
        let input =
            ["do", "do fly", "4", "0", "99999999999999999999", "open app://greeter/hello", "1", "quit"]
            .joined(separator: "\n") + "\n"
        let run = try await HostProcess.run(["run"], input: input)
        #expect(run.status == 1, "a script with a failed command ends with status 1")
        let errors = run.standardError.split(separator: "\n").filter { $0.hasPrefix("error: ") }
        #expect(
            errors == [
                "error: do needs an action's ID; this screen's: tab 1, tab 2, tab 3",
                "error: this screen has no action 'fly'; available: tab 1, tab 2, tab 3",
                "error: there is no action 4 on this screen; its actions: 1 to 3",
                "error: there is no action 0 on this screen; its actions: 1 to 3",
                "error: there is no action 99999999999999999999 on this screen; its actions: 1 to 3",
                "error: there is no action 1 on this screen; its actions: none",
            ])
    }

    /// SIGINT or SIGTERM, once the first screen is shown and the shell waits for a command, ends
    /// the shell with its shutdown work and the shell's status for the signal.
    @Test(arguments: [(SIGINT, "SIGINT", Int32(130)), (SIGTERM, "SIGTERM", Int32(143))])
    func aSignalEndsTheShellWithItsShutdownWork(signal: Int32, name: String, status: Int32) async throws {
        let run = try await HostProcess.run(["run", "--open", "app://greeter/hello"], keepingInputOpen: true) {
            process, output in
            let seen = output.read(until: "Stack: Greeting")
            kill(process.processIdentifier, signal)
            return seen
        }
        #expect(run.status == status)
        #expect(run.standardError.contains("Received \(name), terminating"))
        #expect(run.standardOutput.contains("greeter: said goodbye to Plugboard\n"))
    }

    @Test func theLaunchShowsALinePerTaskOnStandardError() async throws {
        let run = try await HostProcess.run(["run"], input: "quit\n")
        #expect(run.status == 0, "\(run.standardError)")
        #expect(run.standardError.contains("Launching\n"), "\(run.standardError)")
        #expect(run.standardError.contains("  ✓ shell.configuration  [ShellPlugin.ShellModule]\n"))
        #expect(run.standardError.contains("  ✓ shell.root-screen  [ShellPlugin.ShellModule]\n"))
        #expect(!run.standardOutput.contains("shell.configuration"))
    }

    @Test func anInterruptDuringTheLaunchStopsIt() async throws {
        let scratch = try Scratch()
        _ = try scratch.copy(BuildProducts.probe, as: "libProbePlugin.so")
        let run = try await HostProcess.run(
            ["run", "--plugins", scratch.directory.path], environment: ["PLUGBOARD_PROBE_SLOW": "1"],
            keepingInputOpen: true
        ) { process, output in
            let seen = output.read(until: "probe.start: waiting")
            process.interrupt()
            return seen
        }
        #expect(run.status == 130, "\(run.standardError)")
        #expect(run.standardError.contains("Received SIGINT, stopping the launch (again to quit at once)\n"))
        #expect(
            run.standardError.hasSuffix("error: the launch was stopped before it finished (see the report above)\n"))
        #expect(run.standardOutput.contains("cancelled"), "\(run.standardOutput)")
    }

    /// Ctrl-C while a command waits on a plugin whose activation hangs gives that command up, and
    /// the shell goes on with the next.
    @Test func aSignalWhileACommandWaitsGivesUpTheCommandAndTheShellGoesOn() async throws {
        let scratch = try Scratch()
        _ = try scratch.copy(BuildProducts.probe, as: "libProbePlugin.so")
        let run = try await HostProcess.run(
            ["run", "--with-bundled", "--plugins", scratch.directory.path],
            input: "open app://probe/identity\nstack\nquit\n",
            environment: ["PLUGBOARD_PROBE_LAZY": "1", "PLUGBOARD_PROBE_STUCK": "1"]
        ) { process, output in
            let seen = output.read(until: "probe.start: waiting")
            process.interrupt()
            return seen
        }
        #expect(run.status == 0, "\(run.standardError)")
        #expect(run.standardError.hasSuffix("gave up 'open app://probe/identity'\n"), "\(run.standardError)")
        #expect(
            run.standardOutput.hasSuffix("probe.start: waiting\n> stack\nStack: Home\n> quit\n"),
            "\(run.standardOutput)")
    }

    /// A plugin that traps in the host's process is named in the backtrace by its file, though
    /// the shell maps a sealed copy of it (which was `memfd:plugboard-plugin` before).
    @Test func aTrapInTheHostsProcessNamesThePluginsFileInTheBacktrace() async throws {
        let scratch = try Scratch()
        _ = try scratch.copy(BuildProducts.probe, as: "libProbePlugin.so")
        let run = try await HostProcess.run(
            ["run", "--plugins", scratch.directory.path], input: "open app://probe/render-trap\n",
            environment: ["PLUGBOARD_PROBE_FAULTS": "1", "SWIFT_BACKTRACE": "enable=yes,interactive=no,color=no"])
        #expect(run.status == SIGILL, "\(run.standardError)")  // the trap's signal
        #expect(run.standardError.contains("Fatal error: the probe's screen traps as it renders"))
        #expect(run.standardError.contains(" in libProbePlugin.so (deleted)\n"), "\(run.standardError)")
        #expect(
            run.standardError.contains("/memfd:\(scratch.directory.path)/libProbePlugin.so (deleted)"),
            "\(run.standardError)")
    }

    /// Ctrl-C cannot give up a command whose plugin code holds the shell's thread (a screen that
    /// loads without end, in the host's process): the host says so and what the next Ctrl-C does,
    /// which quits at once, with the status of SIGINT.
    @Test func ctrlCDuringAScreenThatNeverLoadsSaysWhatTheNextOneDoes() throws {
        let scratch = try Scratch()
        _ = try scratch.copy(BuildProducts.probe, as: "libProbePlugin.so")
        let host = try RunningHost(
            ["run", "--plugins", scratch.directory.path], environment: ["PLUGBOARD_PROBE_FAULTS": "1"],
            timeLimit: 60, mergingErrors: true)
        host.type("open app://probe/load-hang\n")
        host.read(until: "> open app://probe/load-hang\n")
        usleep(300_000)
        kill(host.processIdentifier, SIGINT)
        let said = host.read(until: "Ctrl-C again quits at once, without the plugins' shutdown work\n")
        #expect(
            host.seen[..<said].contains("\nthe command cannot be given up: a plugin's code runs on the shell's"))
        kill(host.processIdentifier, SIGINT)
        let (status, output, _) = try host.finish()
        #expect(status == 130, "\(output)")
        #expect(output.hasSuffix("Received SIGINT again, quitting at once\n"), "\(output)")
    }

    /// `open` past its --task-timeout, on a screen whose load holds the host's thread (in the
    /// host's process), says that it cannot give it up and ends, with status 1.
    @Test func openPastItsTimeoutOnAScreenThatHoldsTheThreadEndsSayingWhy() async throws {
        let scratch = try Scratch()
        _ = try scratch.copy(BuildProducts.probe, as: "libProbePlugin.so")
        let run = try await HostProcess.run(
            ["open", "app://probe/load-hang", "--plugins", scratch.directory.path, "--task-timeout", "1"],
            environment: ["PLUGBOARD_PROBE_FAULTS": "1"])
        #expect(run.status == 1, "\(run.standardError)")
        #expect(
            run.standardError.hasSuffix(
                "error: the screen of 'app://probe/load-hang' did not load within 1.0 seconds, and its plugin's code "
                    + "holds the host's thread, so it cannot be given up: ending without the plugins' shutdown work\n"),
            "\(run.standardError)")
    }
}

import Foundation
import Testing

/// `plugboard run` at a terminal edits lines as a shell does: keys move and cut, earlier lines come
/// back, Tab completes, and the terminal is left as it was found.
struct ShellLineEditingTests {
    private static let (up, left, ctrlD, ctrlU) = ("\u{1B}[A", "\u{1B}[D", "\u{4}", "\u{15}")
    /// The prompt of the interactive bash that runs the host with job control.
    private static let bashPrompt = "job-control$ "
    /// The prompt of the interactive dash that runs the host with job control.
    private static let dashPrompt = "dash$ "

    @Test func tabCompletesACommandAndARoutesURL() async throws {
        let run = try await HostProcess.runOnTerminal(["run"], typing: "op\tapp://ci\t\n" + Self.ctrlD)
        #expect(run.status == 0, "\(run.standardOutput)")
        #expect(run.standardOutput.contains("\r> open app://circles\u{1B}[K"), "\(run.standardOutput)")
        #expect(run.standardOutput.contains("Stack: Home > Circles\r\n"), "\(run.standardOutput)")
        #expect(!run.standardOutput.contains("error:"), "\(run.standardOutput)")
    }

    @Test func tabCompletesPluginNamesAfterRestartAndReload() async throws {
        let keys = "restart G\t" + Self.ctrlU + "reload \t\t" + Self.ctrlU + Self.ctrlD
        let run = try await HostProcess.runOnTerminal(["run", "--isolate", "Greeter"], typing: keys)
        #expect(run.status == 0, "\(run.standardOutput)")
        #expect(run.standardOutput.contains("\r> restart Greeter\u{1B}[K"), "\(run.standardOutput)")
        // The plugins active at launch, and the isolated one, declared to start when first needed.
        #expect(
            run.standardOutput.contains("\r\n  Account\r\n  Blog\r\n  Greeter\r\n  Shell\r\n"),
            "\(run.standardOutput)")
    }

    @Test func tabCompletesWhatTheCandidatesShareThenListsThem() async throws {
        let keys = "do \t\t" + Self.ctrlU + "open app://circles/\t" + Self.ctrlU + Self.ctrlD
        let run = try await HostProcess.runOnTerminal(["run"], typing: keys)
        #expect(run.status == 0, "\(run.standardOutput)")
        #expect(run.standardOutput.contains("\r> do tab \u{1B}[K"), "\(run.standardOutput)")
        #expect(run.standardOutput.contains("\r\n  tab 1\r\n  tab 2\r\n  tab 3\r\n"), "\(run.standardOutput)")
        // A route with parameters is listed with placeholders, a hint of what to type; one without,
        // as its URL, which can be typed as it is.
        #expect(
            run.standardOutput.contains("\r\n  app://circles/<id:int>\r\n  app://circles/new\r\n"),
            "\(run.standardOutput)")
        // And its example, from the manifest of Circles, which is not loaded yet.
        #expect(run.standardOutput.contains("\r\n  app://circles/42\r\n"), "\(run.standardOutput)")
    }

    @Test func tabOffersTheURLsOpenedBeforeAsTheyCanBeTyped() async throws {
        // `do row 1` opens app://circles/42; later, `open app://circles/4` and Tab complete it.
        let keys = "do tab 1\r" + "do row 1\r" + "back\r" + "open app://circles/4\t\r" + Self.ctrlD
        let run = try await HostProcess.runOnTerminal(["run"], typing: keys)
        #expect(run.status == 0, "\(run.standardOutput)")
        #expect(run.standardOutput.contains("\r> open app://circles/42\u{1B}[K"), "\(run.standardOutput)")
        #expect(run.standardOutput.components(separatedBy: "Stack: Home > Circles > Hiking\r\n").count - 1 == 2)
    }

    @Test func keysMoveAndCutAndEarlierLinesComeBack() async throws {
        let keys = [
            "stck" + Self.left + Self.left + "a",  // "stack", mended in the middle
            "do tab 1",
            "back",
            Self.up + Self.up,  // "do tab 1" again
            "garbage" + Self.ctrlU + "stack",  // "garbagestack" had the cut failed
        ]
        let run = try await HostProcess.runOnTerminal(["run"], typing: keys.map { $0 + "\r" }.joined() + Self.ctrlD)
        #expect(run.status == 0, "\(run.standardOutput)")
        #expect(!run.standardOutput.contains("error:"), "\(run.standardOutput)")
        // The first screen, `stack`, and `back`; then `do tab 1`, its recall, and the last `stack`.
        #expect(run.standardOutput.components(separatedBy: "Stack: Home\r\n").count - 1 == 3)
        #expect(run.standardOutput.components(separatedBy: "Stack: Home > Circles\r\n").count - 1 == 3)
    }

    @Test func wordKeysMoveAndCutByWordsAndCtrlLClearsTheScreen() async throws {
        let (home, ctrlK, ctrlW, ctrlLeft, altF) = ("\u{1}", "\u{B}", "\u{17}", "\u{1B}[1;5D", "\u{1B}f")
        // Each line names no route, or no command, unless its keys do what they should.
        let keys = [
            "x tab 1" + home + altF + "\u{7F}do",  // after the word "x", erased: "do tab 1"
            "back",
            "open app://circles/new zz" + ctrlLeft + ctrlK,  // "open app://circles/new "
            "back",
            "open app://circles/new zz" + ctrlW,  // the same
            "\u{C}",  // Ctrl-L, then an empty line
        ]
        let run = try await HostProcess.runOnTerminal(["run"], typing: keys.map { $0 + "\r" }.joined() + Self.ctrlD)
        #expect(run.status == 0, "\(run.standardOutput)")
        #expect(!run.standardOutput.contains("error:"), "\(run.standardOutput)")
        #expect(run.standardOutput.components(separatedBy: "Stack: Home > Circles\r\n").count - 1 == 1)
        #expect(run.standardOutput.components(separatedBy: "Stack: Home > New circle\r\n").count - 1 == 2)
        #expect(run.standardOutput.contains("\u{1B}[H\u{1B}[2J" + HostProcess.firstPrompt), "\(run.standardOutput)")
    }

    @Test func ctrlRFindsAnEarlierLineByWhatItHolds() async throws {
        let (ctrlR, ctrlG) = ("\u{12}", "\u{7}")
        let keys = [
            "do tab 1", "back", "stack",
            ctrlR + "tab",  // found, and run by Enter
            ctrlR + "zzz" + ctrlG,  // nothing found; the line stays empty
        ]
        let run = try await HostProcess.runOnTerminal(["run"], typing: keys.map { $0 + "\r" }.joined() + Self.ctrlD)
        #expect(run.status == 0, "\(run.standardOutput)")
        #expect(run.standardOutput.contains("\r(history) tab: do tab 1\u{1B}[K"), "\(run.standardOutput)")
        #expect(run.standardOutput.contains("\r(history) zzz: \u{1B}[K"), "\(run.standardOutput)")
        #expect(
            run.standardOutput.components(separatedBy: "Stack: Home > Circles\r\n").count - 1 == 2,
            "\(run.standardOutput)")
        #expect(!run.standardOutput.contains("error:"), "\(run.standardOutput)")
    }

    @Test func ctrlCGivesUpTheLineBeingTypedAndTheShellGoesOn() async throws {
        let ctrlC = "\u{3}"
        let keys = "open app://nowhere" + ctrlC + "stack\r" + "\u{12}tab" + ctrlC + "stack\r" + Self.ctrlD
        let run = try await HostProcess.runOnTerminal(["run"], typing: "do tab 1\r" + "back\r" + keys)
        #expect(run.status == 0, "\(run.standardOutput)")
        // The line given up stays on the screen, marked, and is never run.
        #expect(
            run.standardOutput.contains("> open app://nowhere\u{1B}[K\r\u{1B}[20C^C\r\n"), "\(run.standardOutput)")
        #expect(!run.standardOutput.contains("error:"), "\(run.standardOutput)")
        #expect(!run.standardOutput.contains("Received SIGINT"), "\(run.standardOutput)")
        // The first screen, `back`, and `stack` after each Ctrl-C, the search's too: the shell went on.
        #expect(run.standardOutput.components(separatedBy: "Stack: Home\r\n").count - 1 == 4, "\(run.standardOutput)")
        #expect(run.standardOutput.components(separatedBy: "Stack: Home > Circles\r\n").count - 1 == 1)
    }

    @Test func escEndsASearchKeepingTheLineFoundToEdit() async throws {
        // Found by Ctrl-R, kept by Esc, then run by Enter: the circles tab opens a second time.
        // Esc alone, once the search shows its find; Enter once the line found is drawn.
        let run = try await HostProcess.runOnTerminal(
            command: HostProcess.shellQuoted(try BuildProducts.host) + " run",
            typing: [
                (after: HostProcess.firstPrompt, keys: "do tab 1\r" + "back\r" + "\u{12}tab 1"),
                (after: "(history) tab 1: do tab 1\u{1B}[K", keys: "\u{1B}"),
                (after: "\r> do tab 1\u{1B}[K", keys: "\r" + Self.ctrlD),
            ],
            environment: ["PLUGBOARD_HISTORY": ""])
        #expect(run.status == 0, "\(run.standardOutput)")
        #expect(
            run.standardOutput.components(separatedBy: "Stack: Home > Circles\r\n").count - 1 == 2,
            "\(run.standardOutput)")
        #expect(!run.standardOutput.contains("error:"), "\(run.standardOutput)")
    }

    @Test func escPressedAloneIsIgnoredWithoutTakingTheKeyAfterIt() async throws {
        // The line is drawn again once Esc has been taken alone; then "stack" is typed.
        let run = try await HostProcess.runOnTerminal(
            command: HostProcess.shellQuoted(try BuildProducts.host) + " run",
            typing: [
                (after: HostProcess.firstPrompt, keys: "\u{1B}"),
                (after: HostProcess.firstPrompt, keys: "stack\r" + Self.ctrlD),
            ],
            environment: ["PLUGBOARD_HISTORY": ""])
        #expect(run.status == 0, "\(run.standardOutput)")
        #expect(run.standardOutput.components(separatedBy: "Stack: Home\r\n").count - 1 == 2)
        #expect(!run.standardOutput.contains("error:"), "\(run.standardOutput)")
    }

    @Test func aPluginThatEndsTheProcessLeavesTheTerminalAsItWasFound() async throws {
        let scratch = try Scratch()
        _ = try scratch.copy(BuildProducts.probe, as: "libProbePlugin.so")
        let run = try await HostProcess.runOnTerminal(
            ["run", "--plugins", scratch.directory.path, "--open", "app://probe/identity"], typing: "do exit\r",
            then: "echo status $?; stty -a")
        #expect(run.standardOutput.contains("status 3"), "\(run.standardOutput)")
        let settings = run.standardOutput.split(whereSeparator: \.isWhitespace)
        #expect(settings.contains("icanon") && settings.contains("echo") && settings.contains("icrnl"))
    }

    @Test func ctrlCAtThePromptLeavesTheShellRunningAndItsEndPutsTheTerminalBack() async throws {
        let run = try await HostProcess.runOnTerminal(
            ["run"], typing: "\u{3}" + Self.ctrlD, then: "echo status $?; stty -a")
        #expect(run.standardOutput.contains("\(HostProcess.firstPrompt)\r\u{1B}[2C^C\r\n"), "\(run.standardOutput)")
        #expect(!run.standardOutput.contains("Received SIGINT"), "\(run.standardOutput)")
        #expect(run.standardOutput.contains("status 0"), "\(run.standardOutput)")
        // Ctrl-C signals again once the shell has ended, as it did before.
        #expect(run.standardOutput.contains("intr = ^C;"), "\(run.standardOutput)")
        let settings = run.standardOutput.split(whereSeparator: \.isWhitespace)
        #expect(settings.contains("icanon") && settings.contains("echo") && settings.contains("icrnl"))
    }

    @Test func linesComeBackInTheNextSessionFromAFileOnlyTheUserMayRead() async throws {
        let state = try Scratch().directory.appendingPathComponent("state")
        let environment = ["XDG_STATE_HOME": state.path]
        let first = try await HostProcess.runOnTerminal(
            ["run"], typing: "do tab 1\r" + Self.ctrlD, environment: environment)
        #expect(first.status == 0, "\(first.standardOutput)")
        let file = state.appendingPathComponent("plugboard/history").path
        #expect(try String(contentsOfFile: file, encoding: .utf8) == "do tab 1\n")
        let attributes = try FileManager.default.attributesOfItem(atPath: file)
        #expect((attributes[.posixPermissions] as? Int) == 0o600)
        let directory = try FileManager.default.attributesOfItem(atPath: state.appendingPathComponent("plugboard").path)
        #expect((directory[.posixPermissions] as? Int) == 0o700)

        let second = try await HostProcess.runOnTerminal(
            ["run"], typing: Self.up + "\r" + Self.ctrlD, environment: environment)
        #expect(second.status == 0, "\(second.standardOutput)")
        #expect(second.standardOutput.contains("Stack: Home > Circles\r\n"), "\(second.standardOutput)")
        #expect(try String(contentsOfFile: file, encoding: .utf8) == "do tab 1\n")
    }

    @Test func textTypedIntoAScreenIsBroughtBackInItsSessionButNeverWrittenToTheFile() async throws {
        let file = try Scratch().directory.appendingPathComponent("history").path
        let keys = [
            "do password secret",  // the login form's password
            "do pasword secret",  // no such action: it may hold a secret all the same
            "stack",
            Self.up + Self.up + Self.up,  // the password line, from this session's memory
        ]
        let run = try await HostProcess.runOnTerminal(
            ["run", "--open", "app://login"], typing: keys.map { $0 + "\r" }.joined() + Self.ctrlD,
            environment: ["PLUGBOARD_HISTORY": file])
        #expect(run.status == 0, "\(run.standardOutput)")
        #expect(run.standardOutput.components(separatedBy: "Password: ••••••").count - 1 >= 2, "\(run.standardOutput)")
        #expect(run.standardOutput.contains("\r> do password secret\u{1B}[K"), "\(run.standardOutput)")
        #expect(try String(contentsOfFile: file, encoding: .utf8) == "stack\n")
    }

    @Test func aFileWhereTheHistorysDirectoryShouldBeIsNamed() async throws {
        let scratch = try Scratch()
        let notes = scratch.directory.appendingPathComponent("notes").path
        try Data("notes".utf8).write(to: URL(fileURLWithPath: notes))
        let run = try await HostProcess.runOnTerminal(
            ["run"], typing: Self.ctrlD, environment: ["PLUGBOARD_HISTORY": notes + "/plugboard/history"])
        #expect(run.status == 0, "\(run.standardOutput)")
        #expect(
            run.standardOutput.contains(
                "warning: the shell's history is not kept in \(notes)/plugboard/history: \(notes) is not a directory\r\n"
            ),
            "\(run.standardOutput)")
    }

    @Test func aHistoryFileThatCannotBeMadeIsSaidAndTheShellStillRuns() async throws {
        let run = try await HostProcess.runOnTerminal(
            ["run"], typing: "stack\r" + Self.up + "\r" + Self.ctrlD,
            environment: ["PLUGBOARD_HISTORY": "/proc/plugboard/history"])
        #expect(run.status == 0, "\(run.standardOutput)")
        #expect(
            run.standardOutput.contains("warning: the shell's history is not kept in /proc/plugboard/history: "),
            "\(run.standardOutput)")
        // Kept for the session all the same: the second `stack` is the first one brought back.
        #expect(run.standardOutput.components(separatedBy: "Stack: Home\r\n").count - 1 == 3)
    }

    @Test func aHistoryFileIsCutBackToItsLastThousandLinesOnceItHoldsTwiceAsMany() async throws {
        let file = try Scratch().directory.appendingPathComponent("history").path
        let old = (1...2000).map { "open app://circles/\($0)\n" }.joined() + "do tab 1\n"
        try old.write(toFile: file, atomically: true, encoding: .utf8)
        let run = try await HostProcess.runOnTerminal(
            ["run"], typing: Self.up + "\r" + Self.ctrlD, environment: ["PLUGBOARD_HISTORY": file])
        #expect(run.status == 0, "\(run.standardOutput)")
        #expect(run.standardOutput.contains("Stack: Home > Circles\r\n"), "\(run.standardOutput)")
        let kept = try String(contentsOfFile: file, encoding: .utf8).split(separator: "\n")
        #expect(kept.count == 1000)
        #expect(kept.first == "open app://circles/1002" && kept.last == "do tab 1")
    }

    @Test func aLineWiderThanTheTerminalScrollsAndWideCharactersTakeTwoColumns() async throws {
        let keys = "open app://circles/new\r" + "日本語" + Self.left + "x\r" + Self.ctrlD
        let run = try await HostProcess.runOnTerminal(["run"], typing: keys, columns: 20)
        #expect(run.status == 0, "\(run.standardOutput)")
        // 17 columns for the line: the cursor keeps one, 16 show what comes before it.
        #expect(run.standardOutput.contains("\r> pp://circles/new\u{1B}[K\r\u{1B}[18C"), "\(run.standardOutput)")
        #expect(run.standardOutput.contains("Stack: Home > New circle\r\n"), "\(run.standardOutput)")
        #expect(run.standardOutput.contains("\r> 日本語\u{1B}[K\r\u{1B}[6C"), "\(run.standardOutput)")
        #expect(run.standardOutput.contains("\r> 日本x語\u{1B}[K\r\u{1B}[7C"), "\(run.standardOutput)")
        #expect(run.standardOutput.contains("unknown command '日本x語'"), "\(run.standardOutput)")
    }

    @Test func afterCtrlZAndFgTheLineIsDrawnAgainAndKeysAreReadOneByOneAgain() async throws {
        // An interactive bash, with a startup file that sets its prompt and keeps no history.
        let startup = try Scratch().directory.appendingPathComponent("bashrc")
        try "PS1='\(Self.bashPrompt)'\nHISTFILE=/dev/null\n".write(to: startup, atomically: true, encoding: .utf8)
        let run = try await Self.stopAndContinue(
            from: "bash --noprofile --rcfile \(HostProcess.shellQuoted(startup.path)) -i", prompt: Self.bashPrompt)
        #expect(!run.standardOutput.contains("error:"), "\(run.standardOutput)")
    }

    @Test func ctrlZGivesTheShellItsTerminalBackThoughTheShellKeepsNoSettingsOfItsOwn() async throws {
        // dash, unlike bash, does not put its own terminal settings back when a job stops: the
        // host does, before it stops.
        let run = try await Self.stopAndContinue(
            from: "PS1=\(HostProcess.shellQuoted(Self.dashPrompt)) dash -i", prompt: Self.dashPrompt,
            whileStopped: "stty -a\n")
        // Reported as Ctrl-Z's stop; the command typed at dash's prompt is echoed, and the
        // terminal reads whole lines with echo again.
        #expect(run.standardOutput.contains("Stopped "), "\(run.standardOutput)")
        #expect(!run.standardOutput.contains("Stopped (signal)"), "\(run.standardOutput)")
        let settings = try #require(run.standardOutput.components(separatedBy: "stty -a\r\n").dropFirst().first)
            .prefix { $0 != "$" }.split(whereSeparator: \.isWhitespace)
        #expect(settings.contains("icanon") && settings.contains("echo"), "\(settings)")
    }

    /// Runs the host from the interactive shell `shell` (with job control, as a person's shell
    /// runs it), whose prompt is `prompt`: types `sta`, stops the host with Ctrl-Z, types
    /// `whileStopped` at the shell's prompt, continues the host with `fg`, and types `ck` and Enter
    /// once the line is drawn again. Checks that the line was drawn again, that `ck` arrived key
    /// by key (drawn by the editor, not echoed by the terminal), and that `stack` ran.
    private static func stopAndContinue(
        from shell: String, prompt: String, whileStopped: String = "",
        sourceLocation: SourceLocation = #_sourceLocation
    ) async throws -> HostProcess {
        let host = HostProcess.shellQuoted(try BuildProducts.host)
        let run = try await HostProcess.runOnTerminal(
            command: shell,
            typing: [
                (after: prompt, keys: "\(host) run\n"),
                (after: HostProcess.firstPrompt, keys: "sta"),
                (after: "\r> sta\u{1B}[K", keys: "\u{1A}"),  // Ctrl-Z
                (after: "Stopped", keys: ""),
            ] + (whileStopped.isEmpty ? [] : [(after: prompt, keys: whileStopped)]) + [
                (after: prompt, keys: "fg\n"),
                (after: "\r> sta\u{1B}[K", keys: "ck\r"),
                (after: "Stack: Home\r\n", keys: Self.ctrlD),
                (after: prompt, keys: "exit\n"),
            ],
            environment: ["PLUGBOARD_HISTORY": ""])
        #expect(run.status == 0, "\(run.standardOutput)", sourceLocation: sourceLocation)
        #expect(
            run.standardOutput.contains("\r> stac\u{1B}[K"), "\(run.standardOutput)", sourceLocation: sourceLocation)
        #expect(
            run.standardOutput.components(separatedBy: "Stack: Home\r\n").count - 1 == 2, sourceLocation: sourceLocation
        )
        return run
    }
}

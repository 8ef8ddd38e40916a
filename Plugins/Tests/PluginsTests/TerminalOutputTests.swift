import Foundation
import Testing

/// What the host prints cannot act on the terminal that shows it: control characters that a
/// screen renders, a URL carries or a person types are shown as symbols, and the only escape
/// sequences sent are the host's own colours, on a terminal.
struct TerminalOutputTests {
    /// A greeting whose name decodes to ESC [2J (clear the screen), NUL, DEL and the C1 control CSI.
    static let hostileURL = "app://greeter/hello/%1B%5B2J%00%7F%C2%9B"

    static func controls(in text: String) -> [Unicode.Scalar] {
        text.unicodeScalars.filter { $0.properties.generalCategory == .control && $0 != "\n" && $0 != "\r" }
    }

    @Test func controlCharactersAScreenRendersAreShownNotSent() async throws {
        let run = try await HostProcess.run(["open", Self.hostileURL])
        #expect(run.status == 0, "\(run.standardError)")
        #expect(run.standardOutput.contains("│ Hello, ␛[2J␀␡\\u{9B}!"), "\(run.standardOutput)")
        #expect(Self.controls(in: run.standardOutput + run.standardError).isEmpty)
    }

    @Test func controlCharactersTypedIntoTheShellAreShownInItsEchoAndErrors() async throws {
        let run = try await HostProcess.run(["run"], input: "do \u{1B}]0;retitled\u{07}\nquit\n")
        #expect(run.standardOutput.contains("> do ␛]0;retitled␇\n"), "\(run.standardOutput)")
        #expect(run.standardError.contains("error: this screen has no action '␛]0;retitled␇'; available: tab 1"))
        #expect(Self.controls(in: run.standardOutput + run.standardError).isEmpty)
    }

    @Test func onATerminalTheHostsColoursAreSentAndNothingElse() async throws {
        let run = try await HostProcess.runOnTerminal(["open", "app://greeter/hello/%1B%5B31m"])
        #expect(run.status == 0, "\(run.standardOutput)")
        #expect(run.standardOutput.contains("\u{1B}[32m✓\u{1B}[0m Shell 1.0.0"), "\(run.standardOutput)")
        #expect(run.standardOutput.contains("│ Hello, ␛[31m!"), "\(run.standardOutput)")
        #expect(!run.standardOutput.contains("\u{1B}[31m!"))
    }

    @Test func progressRedirectedFromATerminalToAFileHasNoColour() async throws {
        let scratch = try Scratch()
        let log = scratch.directory.appendingPathComponent("progress.log").path
        let run = try await HostProcess.runOnTerminal(["open", "app://tabs"], errorFile: log)
        #expect(run.status == 0, "\(run.standardOutput)")
        #expect(run.standardOutput.contains("┌─ Home"))
        let progress = try String(contentsOfFile: log, encoding: .utf8)
        #expect(progress.contains("  ✓ Shell 1.0.0  (1 module)\n"), "\(progress)")
        #expect(!progress.contains("\u{1B}"))
    }
}

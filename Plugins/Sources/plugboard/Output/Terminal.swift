import FoundationEssentials
import Glibc

/// Writes the host's output: results to stdout, errors to stderr, colour only on a terminal.
///
/// Every text is shown through ``TerminalSafeText``, so the only escape sequences the host sends
/// are the colours of its headings and marks.
enum Terminal {
    /// A mark before a line that reports a result.
    enum Mark {
        /// Done: a tick, green on a terminal.
        case ok
        /// Failed: a cross, red on a terminal.
        case failed
        /// Not done, for a reason the line gives: a dash.
        case skipped
    }

    @TaskLocal private static var diverted = false

    /// Whether the stream written to is a terminal that may show colour.
    private static var colourful: Bool { diverted ? colourfulError : colourfulOutput }
    private static let colourfulOutput = showsColour(STDOUT_FILENO)
    private static let colourfulError = showsColour(STDERR_FILENO)

    private static func showsColour(_ stream: Int32) -> Bool {
        isatty(stream) == 1 && ProcessInfo.processInfo.environment["NO_COLOR"] == nil
    }

    /// Prints a line to standard output (or standard error inside ``toStandardError(_:)``).
    static func line(_ text: String = "") {
        output(text + "\n")
    }

    /// Prints `text` to standard output (or standard error inside ``toStandardError(_:)``).
    static func output(_ text: String) {
        write(TerminalSafeText.make(text))
    }

    /// Prints a section heading, bold on a terminal, followed by `detail`.
    static func heading(_ text: String, _ detail: String = "") {
        write(coloured(TerminalSafeText.make(text), bold) + TerminalSafeText.make(detail) + "\n")
    }

    /// Prints an indented line that begins with `mark`.
    static func line(_ mark: Mark, _ text: String) {
        lines(mark, [text])
    }

    /// Prints indented lines that each begin with `mark`, in one write: a population's hundreds
    /// of lines cost one call.
    static func lines(_ mark: Mark, _ texts: [String]) {
        guard !texts.isEmpty else { return }
        let symbol =
            switch mark {
            case .ok: coloured("✓", green)
            case .failed: coloured("✗", red)
            case .skipped: "-"
            }
        write(texts.map { "  " + symbol + " " + TerminalSafeText.make($0) + "\n" }.joined())
    }

    private static func write(_ text: String) {
        if diverted {
            write(text, to: STDERR_FILENO)
        } else {
            // Through `print`, so the host's lines and those plugins print share one buffer.
            // Flushed at once, so progress shows while long work runs, even through a pipe.
            print(text, terminator: "")
            fflush(nil)
        }
    }

    /// Writes `text` to the open file `descriptor` as it is, all of it, without buffering.
    static func write(_ text: String, to descriptor: Int32) {
        var bytes = Array(text.utf8)[...]
        while !bytes.isEmpty {
            let count = bytes.withUnsafeBytes { Glibc.write(descriptor, $0.baseAddress, $0.count) }
            if count > 0 {
                bytes = bytes.dropFirst(count)
            } else if count < 0 && errno == EINTR {
                continue
            } else {
                return
            }
        }
    }

    /// Runs `body` with its ``line(_:)`` output sent to standard error.
    static func toStandardError<Result>(_ body: () throws -> Result) rethrows -> Result {
        try $diverted.withValue(true, operation: body)
    }

    /// Runs `body`, which may wait, with its ``line(_:)`` output sent to standard error, as
    /// ``toStandardError(_:)`` runs a body that does not.
    nonisolated(nonsending) static func toStandardErrorWhile<Result>(
        _ body: () async throws -> Result
    ) async rethrows -> Result {
        try await $diverted.withValue(true, operation: body)
    }

    /// Prints a line to standard error.
    static func error(_ text: String) {
        write(TerminalSafeText.make(text) + "\n", to: STDERR_FILENO)
    }

    /// `text` in `colour` on a terminal; safe text in, safe text out.
    private static func coloured(_ text: String, _ colour: String) -> String {
        colourful ? colour + text + "\u{1B}[0m" : text
    }

    private static let (bold, green, red) = ("\u{1B}[1m", "\u{1B}[32m", "\u{1B}[31m")
}

import Foundation

/// Writes the host's output: results to stdout, errors to stderr, colour only on a terminal.
enum Terminal {
    private static let colourful = isatty(STDOUT_FILENO) == 1 && ProcessInfo.processInfo.environment["NO_COLOR"] == nil

    @TaskLocal private static var diverted = false

    /// Prints a line to standard output (or standard error inside ``toStandardError(_:)``).
    static func line(_ text: String = "") {
        output(text + "\n")
    }

    /// Prints `text` as is to standard output (or standard error inside ``toStandardError(_:)``).
    static func output(_ text: String) {
        if diverted {
            FileHandle.standardError.write(Data(text.utf8))
        } else {
            // Through `print`, so the host's lines and those plugins print share one buffer.
            // Flushed at once, so progress shows while long work runs, even through a pipe.
            print(text, terminator: "")
            fflush(nil)
        }
    }

    /// Runs `body` with its ``line(_:)`` output sent to standard error.
    static func toStandardError<Result>(_ body: () throws -> Result) rethrows -> Result {
        try $diverted.withValue(true, operation: body)
    }

    /// Prints a line to standard error.
    static func error(_ text: String) {
        FileHandle.standardError.write(Data((text + "\n").utf8))
    }

    /// A section heading, bold on a terminal.
    static func heading(_ text: String) -> String {
        colourful ? "\u{1B}[1m\(text)\u{1B}[0m" : text
    }

    /// A success mark, green on a terminal.
    static var ok: String { colourful ? "\u{1B}[32m✓\u{1B}[0m" : "✓" }

    /// A failure mark, red on a terminal.
    static var failed: String { colourful ? "\u{1B}[31m✗\u{1B}[0m" : "✗" }
}

import Foundation

/// Writes the host's output: results to stdout, errors to stderr, colour only on a terminal.
enum Terminal {
    private static let colourful = isatty(STDOUT_FILENO) == 1 && ProcessInfo.processInfo.environment["NO_COLOR"] == nil

    /// Prints a line to standard output.
    static func line(_ text: String = "") {
        print(text)
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

import FoundationEssentials
import Glibc

/// Reads the lines a person types at a terminal, with the keys shells have: ← → Home End (Ctrl-B,
/// Ctrl-F, Ctrl-A, Ctrl-E) move, and Ctrl-← Ctrl-→ (Alt-B, Alt-F) by words; Backspace and Delete
/// erase; Ctrl-U, Ctrl-K and Ctrl-W cut to the line's start, to its end and the word before the
/// cursor; ↑ ↓ (Ctrl-P, Ctrl-N) bring back the lines typed before, and Ctrl-R finds one by what
/// it holds; Tab completes; Ctrl-L clears the screen; Ctrl-C gives up the line; Ctrl-D on an
/// empty line ends the input.
///
/// A line wider than the terminal scrolls sideways, keeping the cursor in view; East Asian wide
/// characters and emoji take two columns.
@MainActor
final class LineEditor {
    /// The candidates for Tab at the end of the text before the cursor.
    let completions: (_ textBeforeCursor: String) -> Completion
    /// The lines typed before, which ↑ ↓ and Ctrl-R bring back.
    let history: ShellHistory

    /// An editor whose Tab asks `complete` for the candidates, with the ``ShellHistory`` of the
    /// environment (its caller adds the lines to it); `nil`, changing nothing, unless standard
    /// input and output are a terminal that moves its cursor and reads keys one by one from now.
    init?(completing complete: @escaping (_ textBeforeCursor: String) -> Completion) {
        guard isatty(STDIN_FILENO) == 1, isatty(STDOUT_FILENO) == 1,
            ProcessInfo.processInfo.environment["TERM"] != "dumb", TerminalMode.readKeys()
        else { return nil }
        history = ShellHistory()
        completions = complete
    }

    /// What ``readLine(prompt:waitingForKey:)`` read.
    enum Reading: Equatable {
        /// A line, entered.
        case line(String)
        /// The end of the input.
        case end
        /// Nothing yet: something else needs the shell first. The line typed so far is kept, and
        /// the next call goes on with it.
        case interrupted
    }

    /// The line being typed when reading was last interrupted.
    private var unfinished: EditedLine?

    /// Reads one line after `prompt`. Before each key, `waitingForKey` waits until one can be read
    /// and returns `true`, or returns `false` to interrupt the reading: the line then leaves the
    /// screen, to come back with the prompt on the next call.
    func readLine(prompt: String, waitingForKey: () -> Bool = { true }) -> Reading {
        // While a line is typed, Ctrl-C gives it up; between lines it still signals.
        TerminalMode.interruptIsKey(true)
        defer {
            TerminalMode.showing(nil)
            TerminalMode.interruptIsKey(false)
        }
        var line = unfinished ?? EditedLine()
        unfinished = nil
        var recalled = history.lines.count
        var draft = ""
        draw(line, after: prompt)
        while true {
            guard waitingForKey() else {
                unfinished = line
                write("\r\u{1B}[K")
                return .interrupted
            }
            guard let key = Self.nextKey() else { break }
            switch key {
            case .enter:
                write("\n")
                return .line(line.text)
            case .endOfInput where line.text.isEmpty:
                write("\n")
                return .end
            case .up where recalled > 0, .down where recalled < history.lines.count:
                if recalled == history.lines.count { draft = line.text }
                recalled += key == .up ? -1 : 1
                line.show(recalled == history.lines.count ? draft : history.lines[recalled])
            case .tab:
                complete(&line)
            case .clearScreen:
                write("\u{1B}[H\u{1B}[2J")
            case .interrupt:
                giveUp(&line, after: prompt)
                recalled = history.lines.count
            case .search:
                switch searchHistory() {
                case .edit(let found):
                    if let found { line.show(found) }
                case .run(let found):
                    line.show(found)
                    draw(line, after: prompt)
                    write("\n")
                    return .line(line.text)
                case .interrupt:
                    giveUp(&line, after: prompt)
                    recalled = history.lines.count
                }
            default:
                line.apply(key)
            }
            draw(line, after: prompt)
        }
        write("\n")
        return line.text.isEmpty ? .end : .line(line.text)
    }

    /// Gives up the line being typed, as Ctrl-C does in a shell: it stays on the screen, marked
    /// `^C`, and an empty line starts below it.
    private func giveUp(_ line: inout EditedLine, after prompt: String) {
        draw(line, after: prompt)
        write("^C\n")
        line = EditedLine()
    }

    /// Redraws the line after `prompt`, scrolled so that the cursor shows, and puts the cursor
    /// in its place.
    private func draw(_ line: EditedLine, after prompt: String) {
        let width = max(Self.columns - prompt.count - 1, 2)
        let characters = line.characters
        // As much of what comes before the cursor as fits, leaving it a column.
        var first = line.cursor
        var beforeCursor = 0
        while first > 0, beforeCursor + characters[first - 1].terminalColumns < width {
            first -= 1
            beforeCursor += characters[first].terminalColumns
        }
        var shown = ""
        var used = 0
        for character in characters[first...] {
            used += character.terminalColumns
            if used > width { break }
            shown.append(character)
        }
        let column = prompt.count + beforeCursor
        let drawn = "\r" + prompt + shown + "\u{1B}[K\r" + (column > 0 ? "\u{1B}[\(column)C" : "")
        TerminalMode.showing(drawn)
        write(drawn)
    }

    /// `text`, which holds no control character but those the editor sends, to the terminal.
    func write(_ text: String) {
        print(text, terminator: "")
        fflush(nil)
    }

    /// The terminal's width in columns (80 when it does not say).
    private static var columns: Int {
        var size = winsize()
        return ioctl(STDOUT_FILENO, UInt(TIOCGWINSZ), &size) == 0 && size.ws_col > 0 ? Int(size.ws_col) : 80
    }

    /// The next key typed; `nil` at the end of the input. The rest of a key's sequence is taken
    /// to come within 50 ms of its first byte.
    static func nextKey() -> EditorKey? {
        EditorKey.read(from: { nextByte() }, soon: { nextByte(within: 50) })
    }

    /// The next byte typed; `nil` at the end of the input, or when none comes within
    /// `milliseconds`, if given.
    private static func nextByte(within milliseconds: Int32? = nil) -> UInt8? {
        if let milliseconds {
            var input = pollfd(fd: STDIN_FILENO, events: Int16(POLLIN), revents: 0)
            guard poll(&input, 1, milliseconds) == 1 else { return nil }
        }
        var byte: UInt8 = 0
        while true {
            switch Glibc.read(STDIN_FILENO, &byte, 1) {
            case 1: return byte
            case -1 where errno == EINTR: continue
            default: return nil
            }
        }
    }
}

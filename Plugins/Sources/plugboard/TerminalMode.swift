import Dispatch
import Foundation
import Synchronization

/// Switches the terminal on standard input to key-by-key reading for the ``LineEditor``, and back.
///
/// Only the input side changes: keys arrive one by one and are not echoed (the editor draws the
/// line), while Ctrl-C and Ctrl-Z still send their signals and output is as before. Keys typed
/// while a command runs wait, unechoed, for the next line. After Ctrl-Z and `fg`, whose shell has
/// put its own settings back meanwhile, key-by-key reading resumes and the line is drawn again.
/// The settings from before are put back by ``restore()``: when the shell ends, when a signal
/// ends the process, and at exit.
enum TerminalMode {
    private struct State {
        var original: termios?
        /// The settings for reading keys, while keys are read.
        var keys: termios?
        /// What the editor last drew of the line being typed, while one is.
        var shownLine: String?
        /// Calls ``resume()`` when the process continues after being stopped.
        var continued: (any DispatchSourceSignal)?
    }

    private static let state = Mutex(State())

    /// Switches to key-by-key reading, for the rest of the process (the ``LineEditor`` does this
    /// once); returns `false`, changing nothing, when standard input's settings cannot be read or
    /// changed.
    static func readKeys() -> Bool {
        var settings = termios()
        guard tcgetattr(STDIN_FILENO, &settings) == 0 else { return false }
        var keys = settings
        keys.c_lflag &= ~tcflag_t(ICANON | ECHO | IEXTEN)
        keys.c_iflag &= ~tcflag_t(IXON | ICRNL)
        withUnsafeMutableBytes(of: &keys.c_cc) { characters in
            characters[Int(VMIN)] = 1
            characters[Int(VTIME)] = 0
        }
        guard tcsetattr(STDIN_FILENO, TCSANOW, &keys) == 0 else { return false }
        atexit { TerminalMode.restore() }
        signal(SIGCONT, SIG_IGN)  // The process continues all the same, and the source is told.
        state.withLock { state in
            (state.original, state.keys) = (settings, keys)
            let continued = DispatchSource.makeSignalSource(signal: SIGCONT, queue: .global())
            continued.setEventHandler { resume() }
            continued.resume()
            state.continued = continued
        }
        return true
    }

    /// Records what the editor drew of the line being typed, or `nil` once the line has ended;
    /// ``restore()`` ends such a line, and a continued process draws it again.
    static func showing(_ line: String?) {
        state.withLock { $0.shownLine = line }
    }

    /// Puts back the settings from before ``readKeys()``, if keys are being read, and ends a line
    /// being typed, so that what is printed next starts on a line of its own.
    static func restore() {
        let (original, shown) = state.withLock { state -> (termios?, String?) in
            defer { (state.keys, state.shownLine) = (nil, nil) }
            return (state.keys == nil ? nil : state.original, state.shownLine)
        }
        guard var original else { return }
        tcsetattr(STDIN_FILENO, TCSANOW, &original)
        if shown != nil { FileHandle.standardOutput.write(Data("\n".utf8)) }
    }

    /// Reads keys again, and draws the line being typed again, after the process was stopped and
    /// continued.
    private static func resume() {
        let (keys, shown) = state.withLock { ($0.keys, $0.shownLine) }
        guard var keys else { return }
        tcsetattr(STDIN_FILENO, TCSANOW, &keys)
        if let shown { FileHandle.standardOutput.write(Data(shown.utf8)) }
    }
}

import Dispatch
import FoundationEssentials
import Glibc
import Synchronization

/// Switches the terminal on standard input to key-by-key reading for the ``LineEditor``, and back.
///
/// Only the input side changes: keys arrive one by one and are not echoed (the editor draws the
/// line), while Ctrl-C and Ctrl-Z still send their signals and output is as before. Keys typed
/// while a command runs wait, unechoed, for the next line. Ctrl-Z puts the settings from before
/// back and then stops the process, so that the person's shell gets its terminal as it was
/// whether or not it restores settings itself; once continued (`fg`, or a `SIGCONT` after any
/// stop), key-by-key reading resumes and the line is drawn again. The settings from before are
/// put back by ``restore()``: when the shell ends, when a signal ends the process, and at exit.
enum TerminalMode {
    private struct State {
        var original: termios?
        /// The settings for reading keys, while keys are read.
        var keys: termios?
        /// What the editor last drew of the line being typed, while one is.
        var shownLine: String?
        /// Call ``suspend()`` on Ctrl-Z and ``resume()`` when the process continues.
        var sources: [any DispatchSourceSignal] = []
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
        // The process continues all the same, and each source is told.
        signal(SIGTSTP, SIG_IGN)
        signal(SIGCONT, SIG_IGN)
        state.withLock { state in
            (state.original, state.keys) = (settings, keys)
            state.sources = [(SIGTSTP, suspend), (SIGCONT, resume)].map { signal, handler in
                let source = DispatchSource.makeSignalSource(signal: signal, queue: .global())
                source.setEventHandler(handler: handler)
                source.resume()
                return source
            }
        }
        return true
    }

    /// Makes Ctrl-C a key the editor reads (`isKey`), while a line is typed, or the signal it is
    /// otherwise, which stops a launch or ends the shell.
    static func interruptIsKey(_ isKey: Bool) {
        state.withLock { state in
            guard var keys = state.keys, let original = state.original else { return }
            withUnsafeMutableBytes(of: &keys.c_cc) { characters in
                // 0 is _POSIX_VDISABLE: no character sends SIGINT.
                characters[Int(VINTR)] = isKey ? 0 : withUnsafeBytes(of: original.c_cc) { $0[Int(VINTR)] }
            }
            state.keys = keys
            tcsetattr(STDIN_FILENO, TCSANOW, &keys)
        }
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
        if shown != nil { Terminal.write("\n", to: STDOUT_FILENO) }
    }

    /// Stops the process as Ctrl-Z asks, with the settings from before put back meanwhile; reads
    /// keys again once it continues.
    private static func suspend() {
        if var original = state.withLock({ $0.keys == nil ? nil : $0.original }) {
            tcsetattr(STDIN_FILENO, TCSANOW, &original)
        }
        stopAsCtrlZDoes()
        resume()
    }

    /// Stops the process with `SIGTSTP`'s own action, so that the person's shell reports it as
    /// Ctrl-Z's stop; returns once the process continues. The signal is sent to this thread, with
    /// the action and this thread's mask as they were put back afterwards, so that the process is
    /// stopped before this thread goes on.
    private static func stopAsCtrlZDoes() {
        var stop = sigaction()
        stop.__sigaction_handler.sa_handler = SIG_DFL
        var previous = sigaction()
        sigaction(SIGTSTP, &stop, &previous)
        var only = sigset_t()
        var mask = sigset_t()
        sigemptyset(&only)
        sigaddset(&only, SIGTSTP)
        pthread_sigmask(SIG_UNBLOCK, &only, &mask)
        pthread_kill(pthread_self(), SIGTSTP)
        pthread_sigmask(SIG_SETMASK, &mask, nil)
        sigaction(SIGTSTP, &previous, nil)
    }

    /// Reads keys again, and draws the line being typed again, after the process was stopped and
    /// continued; nothing when keys are already read one by one (``suspend()`` and the `SIGCONT`
    /// source both call it after Ctrl-Z, and a process may be continued without being stopped).
    private static func resume() {
        state.withLock { state in
            guard var keys = state.keys else { return }
            var current = termios()
            if tcgetattr(STDIN_FILENO, &current) == 0, current.c_lflag & tcflag_t(ICANON) == 0 { return }
            tcsetattr(STDIN_FILENO, TCSANOW, &keys)
            if let shown = state.shownLine { Terminal.write(shown, to: STDOUT_FILENO) }
        }
    }
}

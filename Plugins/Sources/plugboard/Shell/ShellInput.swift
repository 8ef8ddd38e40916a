import FoundationEssentials
import Glibc

/// What the shell takes next: a command line, typed (through the ``LineEditor``) or read through
/// a pipe, or, while it waits for one, the watched files whose change settled. Both are waited
/// for at once, in one `poll`, so the shell sleeps until either comes.
@MainActor
final class ShellInput {
    /// What came.
    enum Next {
        /// A command line, without its line end.
        case line(String)
        /// The end of the input.
        case end
        /// Watched files or trees whose change settled.
        case changed([FileWatcher.Change])
    }

    private let editor: LineEditor?
    private let watcher: FileWatcher?
    /// Whether a person types at a terminal the editor does not serve: the prompt is printed.
    private let prompted: Bool
    private var pending: [UInt8] = []
    private var ended = false

    /// Reads with `editor`, or from standard input as it comes (prompting, when it is a
    /// terminal); with `watcher`, its changes come between lines.
    init(editor: LineEditor?, watcher: FileWatcher?) {
        self.editor = editor
        self.watcher = watcher
        prompted = editor == nil && isatty(STDIN_FILENO) == 1
    }

    /// Waits for the next line, or change.
    func next() -> Next {
        if let watcher, watcher.hasSettled { return .changed(watcher.takeSettled()) }
        if let editor {
            switch editor.readLine(prompt: "> ", waitingForKey: waitForInput) {
            case .line(let line): return .line(line)
            case .end: return .end
            case .interrupted: return .changed(watcher?.takeSettled() ?? [])
            }
        }
        if prompted { Terminal.output("> ") }
        while true {
            if let end = pending.firstIndex(of: UInt8(ascii: "\n")) {
                var line = pending[..<end]
                if line.last == UInt8(ascii: "\r") { line = line.dropLast() }
                defer { pending.removeSubrange(...end) }
                return .line(String(decoding: line, as: UTF8.self))
            }
            if ended {
                defer { pending = [] }
                return pending.isEmpty ? .end : .line(String(decoding: pending, as: UTF8.self))
            }
            guard waitForInput() else {
                if prompted { Terminal.line() }
                return .changed(watcher?.takeSettled() ?? [])
            }
            var chunk = [UInt8](repeating: 0, count: 4096)
            let count = chunk.withUnsafeMutableBytes { read(STDIN_FILENO, $0.baseAddress, $0.count) }
            if count > 0 {
                pending += chunk[..<count]
            } else if count == 0 || errno != EINTR {
                ended = true
            }
        }
    }

    /// Waits until standard input can be read and returns `true`, or returns `false` once a
    /// watched change settled.
    private func waitForInput() -> Bool {
        guard let watcher else { return true }
        while !watcher.hasSettled {
            var descriptors = [
                pollfd(fd: STDIN_FILENO, events: Int16(POLLIN), revents: 0),
                pollfd(fd: watcher.descriptor, events: Int16(POLLIN), revents: 0),
            ]
            if poll(&descriptors, 2, watcher.timeout) < 0 && errno != EINTR { return true }
            if descriptors[1].revents != 0 { watcher.readEvents() }
            if descriptors[0].revents != 0 && !watcher.hasSettled { return true }
        }
        return false
    }
}

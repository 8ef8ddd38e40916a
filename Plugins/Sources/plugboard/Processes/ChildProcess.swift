import Dispatch
import FoundationEssentials
import Glibc
import Plugboard
import Synchronization

/// Runs this executable (or another program) as a child process with a time limit.
enum ChildProcess {
    /// How a child process ended.
    enum Outcome {
        case exited(status: Int32, output: String)
        /// Ended by `signal`; `failure` is the Swift runtime's message before a trap, if it printed
        /// one, and `output` all it wrote.
        case crashed(signal: Int32, failure: String?, output: String)
        /// Killed after the time allowed; `output` is what it wrote until then.
        case timedOut(output: String)
        case failedToStart(String)
    }

    /// The child's side of its report to the parent: `json` on a line of its own, the last of its
    /// output, even after what a plugin wrote without a final newline.
    static func send(report json: Data) {
        print("\n" + String(decoding: json, as: UTF8.self))
    }

    /// The report a child sent with ``send(report:)``: the last line of its output.
    static func report(in output: String) -> Data {
        Data((output.split(separator: "\n").last ?? "").utf8)
    }

    /// `crashed with signal 4 (Illegal instruction) while loading: File.swift:13: Fatal error: …`:
    /// how a child crashed `doing` something, with the signal by number and name and the Swift
    /// runtime's message, if it printed one.
    static func describeCrash(signal: Int32, failure: String?, doing: String) -> String {
        "crashed with signal \(signal) (\(String(cString: strsignal(signal)))) \(doing)"
            + (failure.map { ": " + $0 } ?? "")
    }

    /// The last line in which the Swift runtime says why it trapped (`File.swift:13: Fatal error:
    /// message`, or a failed precondition or assertion), at most 300 characters of it.
    private static func failure(in output: String) -> String? {
        let kinds = ["Fatal error", "Precondition failed", "Assertion failed"]
        let line = output.split(separator: "\n").last { line in
            kinds.contains { line.hasPrefix($0 + ":") || line.contains(": " + $0 + ":") || line.hasSuffix(": " + $0) }
        }
        return line.map { $0.count > 300 ? $0.prefix(300) + "…" : String($0) }
    }

    /// Runs `executable` with `arguments`, killing it after `timeout` seconds. Its output is read
    /// while it runs, so a child that writes more than a pipe holds is not taken for a hung one.
    static func run(_ executable: String, _ arguments: [String], timeout: Double) -> Outcome {
        let pid: pid_t
        let reading: Int32?
        do {
            // A crash is told by its signal and by the runtime's message, which comes before the
            // backtrace; Swift's backtracer would add its time (0.6 s, seconds on a busy machine)
            // to the time the child is allowed, for a backtrace nobody reads.
            (pid, reading) = try Spawn.start(
                [executable] + arguments, output: .captured, setting: ["SWIFT_BACKTRACE": "enable=no"])
        } catch {
            return .failedToStart(error.description)
        }
        let ended = Mutex<Spawn.Termination?>(nil)
        let finished = DispatchSemaphore(value: 0)
        DispatchQueue.global().async {
            let termination = Spawn.wait(for: pid)
            ended.withLock { $0 = termination }
            finished.signal()
        }
        let collected = Mutex<[UInt8]>([])
        let drained = DispatchSemaphore(value: 0)
        DispatchQueue.global().async {
            let bytes = reading.map(Spawn.readAll) ?? []
            collected.withLock { $0 = bytes }
            drained.signal()
        }
        let inTime = finished.wait(timeout: .now() + timeout) == .success
        if !inTime {
            kill(pid, SIGKILL)
            finished.wait()
        }
        // A process the child started may still hold the pipe open; its output is not waited for.
        _ = drained.wait(timeout: .now() + 1)
        // A child that confined itself (one that read a plugin's declarations) made a private
        // temporary directory.
        PluginDirectories.removeTemporary(ofProcess: pid)
        let text = String(decoding: collected.withLock { $0 }, as: UTF8.self)
        guard inTime else { return .timedOut(output: text) }
        switch ended.withLock({ $0 }) {
        case .signalled(let signal): return .crashed(signal: signal, failure: failure(in: text), output: text)
        case .exited(let status): return .exited(status: status, output: text)
        case nil: return .exited(status: -1, output: text)
        }
    }
}

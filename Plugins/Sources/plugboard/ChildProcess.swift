import Foundation
import Synchronization

/// Runs this executable (or another program) as a child process with a time limit.
enum ChildProcess {
    /// How a child process ended.
    enum Outcome {
        case exited(status: Int32, output: String)
        case crashed(signal: Int32)
        case timedOut
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

    /// `signal 4 (Illegal instruction)`: a signal a child ended with, by number and name.
    static func describe(signal: Int32) -> String {
        "signal \(signal) (\(String(cString: strsignal(signal))))"
    }

    /// Runs `executable` with `arguments`, killing it after `timeout` seconds. Its output is read
    /// while it runs, so a child that writes more than a pipe holds is not taken for a hung one.
    static func run(_ executable: String, _ arguments: [String], timeout: Double) -> Outcome {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = arguments
        let output = Pipe()
        process.standardOutput = output
        process.standardError = output
        let finished = DispatchSemaphore(value: 0)
        process.terminationHandler = { _ in finished.signal() }
        do {
            try process.run()
        } catch {
            return .failedToStart(error.localizedDescription)
        }
        let collected = Mutex(Data())
        let drained = DispatchSemaphore(value: 0)
        let reading = output.fileHandleForReading
        Thread.detachNewThread {
            let data = reading.readDataToEndOfFile()
            collected.withLock { $0 = data }
            drained.signal()
        }
        if finished.wait(timeout: .now() + timeout) == .timedOut {
            process.terminate()
            kill(process.processIdentifier, SIGKILL)
            finished.wait()
            return .timedOut
        }
        // A process the child started may still hold the pipe open; its output is not waited for.
        _ = drained.wait(timeout: .now() + 1)
        if process.terminationReason == .uncaughtSignal { return .crashed(signal: process.terminationStatus) }
        return .exited(
            status: process.terminationStatus, output: String(decoding: collected.withLock { $0 }, as: UTF8.self))
    }
}

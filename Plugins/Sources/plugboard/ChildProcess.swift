import Foundation

/// Runs this executable (or another program) as a child process with a time limit.
enum ChildProcess {
    /// How a child process ended.
    enum Outcome {
        case exited(status: Int32, output: String)
        case crashed(signal: Int32)
        case timedOut
        case failedToStart(String)
    }

    /// Runs `executable` with `arguments`, killing it after `timeout` seconds.
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
        if finished.wait(timeout: .now() + timeout) == .timedOut {
            process.terminate()
            kill(process.processIdentifier, SIGKILL)
            finished.wait()
            return .timedOut
        }
        let text = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        if process.terminationReason == .uncaughtSignal { return .crashed(signal: process.terminationStatus) }
        return .exited(status: process.terminationStatus, output: text)
    }
}

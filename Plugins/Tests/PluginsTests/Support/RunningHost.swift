import Foundation

/// The host, started with a shell's input left open: a test reads what it prints so far, does
/// something (writes a plugin's file, types a line), and reads on.
final class RunningHost {
    private let process = Process()
    private let input = Pipe()
    private let output = Pipe()
    private let errors = Pipe()
    private let watchdog: DispatchWorkItem
    /// Standard error, read as it comes so that a host that writes much there is never held up.
    private let problems = DispatchGroup()
    private let problemText = Received()
    /// What the host printed to standard output so far, as read.
    private(set) var seen = ""

    /// Starts the host with `arguments`, with a manifest cache of the test run's own, no history
    /// file and `environment` added to the tests' own; it is killed once it has run for
    /// `timeLimit` seconds. With `mergingErrors`, standard error goes where standard output goes,
    /// as at a terminal, and ``seen`` holds both in the order written.
    init(
        _ arguments: [String], environment: [String: String] = [:], timeLimit: Int = HostProcess.timeLimit,
        mergingErrors: Bool = false
    ) throws {
        process.executableURL = URL(fileURLWithPath: try BuildProducts.host)
        process.arguments = arguments
        process.environment = ProcessInfo.processInfo.environment.merging(
            ["PLUGBOARD_MANIFEST_CACHE": HostProcess.manifestCache, "PLUGBOARD_HISTORY": ""].merging(environment) {
                _, set in set
            }
        ) { _, set in set }
        (process.standardInput, process.standardOutput) = (input, output)
        process.standardError = mergingErrors ? output : errors
        try process.run()
        signal(SIGPIPE, SIG_IGN)
        watchdog = HostProcess.watchdog(for: process, after: timeLimit)
        guard !mergingErrors else { return }
        problems.enter()
        let reading = errors.fileHandleForReading
        Thread.detachNewThread { [problems, problemText] in
            let text = reading.readDataToEndOfFile()
            problemText.data.withLock { $0 = text }
            problems.leave()
        }
    }

    /// Reads standard output until `marker` shows in what was read after `start` (an index into
    /// ``seen``; by default, its start), or the output ends; returns where the marker ends (where
    /// ``seen`` ends, if it never showed).
    @discardableResult
    func read(until marker: String, after start: String.Index? = nil) -> String.Index {
        let start = start ?? seen.startIndex
        while true {
            if let found = seen[start...].firstRange(of: marker) { return found.upperBound }
            let chunk = output.fileHandleForReading.availableData
            if chunk.isEmpty { return seen.endIndex }
            seen += String(decoding: chunk, as: UTF8.self)
        }
    }

    /// The host's process ID.
    var processIdentifier: Int32 { process.processIdentifier }

    /// Types `lines` into the shell.
    func type(_ lines: String) {
        // A host that ended does not read them: the write fails (SIGPIPE is ignored, ``init``), and
        // the test goes on to say what it saw rather than end with the test run.
        try? input.fileHandleForWriting.write(contentsOf: Data(lines.utf8))
    }

    /// Ends the input, waits for the host to end, and returns its exit status, all it printed to
    /// standard output, and what it printed to standard error.
    func finish() throws -> (status: Int32, output: String, errors: String) {
        try input.fileHandleForWriting.close()
        seen += String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        problems.wait()
        let problems = String(decoding: problemText.data.withLock { $0 }, as: UTF8.self)
        process.waitUntilExit()
        watchdog.cancel()
        return (process.terminationStatus, seen, problems)
    }
}

/// Bytes a thread of its own read.
private final class Received: Sendable {
    let data = Locked(Data())
}

import Foundation

/// Runs the toolchain's commands (`swift build`, `swiftc`) the way a person would, for tests that
/// build a plugin package or compile the README's examples.
enum Toolchain {
    /// Runs `tool` with `arguments` in `directory`; returns its exit status and combined output.
    ///
    /// The command is waited for on a thread of its own (``onThreadOfItsOwn(_:)``): a build takes
    /// many seconds, and the other tests go on meanwhile.
    static func run(
        _ arguments: [String], tool: String = "swift", in directory: URL? = nil
    ) async throws -> (status: Int32, output: String) {
        try await onThreadOfItsOwn { try runWaiting(arguments, tool: tool, in: directory) }
    }

    private static func runWaiting(
        _ arguments: [String], tool: String, in directory: URL?
    ) throws -> (status: Int32, output: String) {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = [tool] + arguments
        if let directory { process.currentDirectoryURL = directory }
        let output = Pipe()
        process.standardOutput = output
        process.standardError = output
        try process.run()
        let heartbeat = Self.heartbeat(for: ([tool] + arguments.map(shortened)).joined(separator: " "))
        defer { heartbeat.end() }
        let text = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        return (process.terminationStatus, text)
    }

    /// Says every 15 seconds that `command` still runs, in one write to where `swift test`
    /// itself writes (``heartbeatOutput``), so that a long build never leaves the test run
    /// silent: on a thread of its own, which the busy threads of the test run cannot hold up.
    /// Call `end()` once the command ended.
    private static func heartbeat(for command: String) -> Heartbeat {
        let heartbeat = Heartbeat()
        let started = ContinuousClock.now
        Thread {
            while heartbeat.wait(seconds: 15) {
                let seconds = (ContinuousClock.now - started).components.seconds
                let line = Array("… \(command) has run for \(seconds) s\n".utf8)
                _ = line.withUnsafeBytes { write(heartbeatOutput, $0.baseAddress, $0.count) }
            }
        }.start()
        return heartbeat
    }

    /// `argument` as the heartbeat shows it: a path by its last two components, whole words.
    private static func shortened(_ argument: String) -> String {
        let parts = argument.split(separator: "/")
        return parts.count > 2 ? "…/" + parts.suffix(2).joined(separator: "/") : argument
    }

    /// Where the heartbeat writes: the standard output of `swift test`, the tests' parent, which
    /// passes on what the tests write through a buffer of its own, in bursts a minute apart on a
    /// busy machine; the tests' standard error when that cannot be opened.
    private static let heartbeatOutput: Int32 = {
        let parent = open("/proc/\(getppid())/fd/1", O_WRONLY | O_APPEND | O_CLOEXEC)
        return parent >= 0 ? parent : STDERR_FILENO
    }()

    /// Tells the heartbeat's thread when to speak and when to end.
    final class Heartbeat: @unchecked Sendable {
        // Safe to share: `ended` is read and written only with `condition` locked.
        private let condition = NSCondition()
        private var ended = false

        /// Waits `seconds`, or until ``end()``; returns whether the command still runs.
        func wait(seconds: Double) -> Bool {
            condition.lock()
            defer { condition.unlock() }
            if !ended { _ = condition.wait(until: Date(timeIntervalSinceNow: seconds)) }
            return !ended
        }

        func end() {
            condition.lock()
            ended = true
            condition.signal()
            condition.unlock()
        }
    }
}

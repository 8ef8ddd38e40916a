import Foundation

/// Runs the built `plugboard` executable and captures what a person would see.
struct HostProcess {
    /// Seconds a host may run before it is killed (with SIGKILL, status 9).
    static let timeLimit = 300

    let status: Int32
    let standardOutput: String
    let standardError: String

    /// Runs the host with `arguments`; `afterStart` may read standard output before the rest is collected.
    /// `unprivileged` runs it as the user `nobody` when the tests run as root (through `setpriv`),
    /// so that file permissions apply to it. `environment` adds to the tests' own environment.
    static func run(
        _ arguments: [String],
        input: String? = nil,
        environment: [String: String] = [:],
        keepingInputOpen: Bool = false,
        unprivileged: Bool = false,
        afterStart: (Process, FileHandle) -> String = { _, _ in "" }
    ) throws -> HostProcess {
        let process = Process()
        if unprivileged && getuid() == 0 {
            process.executableURL = URL(fileURLWithPath: "/usr/bin/setpriv")
            let nobody = ["--reuid=65534", "--regid=65534", "--clear-groups"]
            process.arguments = nobody + [try BuildProducts.host] + arguments
        } else {
            process.executableURL = URL(fileURLWithPath: try BuildProducts.host)
            process.arguments = arguments
        }
        process.environment = ProcessInfo.processInfo.environment.merging(environment) { _, added in added }
        let output = Pipe()
        let error = Pipe()
        process.standardOutput = output
        process.standardError = error
        let inputPipe = Pipe()
        process.standardInput = input == nil && !keepingInputOpen ? FileHandle.nullDevice : inputPipe
        try process.run()
        // A host that never ends (a lost signal, a hang) fails its test instead of stalling the run.
        let pid = process.processIdentifier
        let watchdog = DispatchWorkItem { kill(pid, SIGKILL) }
        DispatchQueue.global().asyncAfter(deadline: .now() + .seconds(Self.timeLimit), execute: watchdog)
        defer { watchdog.cancel() }
        if let input { inputPipe.fileHandleForWriting.write(Data(input.utf8)) }
        if !keepingInputOpen { try inputPipe.fileHandleForWriting.close() }
        let early = afterStart(process, output.fileHandleForReading)
        let outputData = Data(early.utf8) + output.fileHandleForReading.readDataToEndOfFile()
        let errorData = error.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return HostProcess(
            status: process.terminationStatus,
            standardOutput: String(decoding: outputData, as: UTF8.self),
            standardError: String(decoding: errorData, as: UTF8.self)
        )
    }
}

extension HostProcess {
    /// Runs the host with `arguments` on a pseudo-terminal (through `script`), as a person at a
    /// terminal runs it, without `NO_COLOR`; standard output and standard error arrive together,
    /// as `standardOutput`, with the terminal's line ends (`\r\n`), unless standard error is
    /// redirected to the file `errorFile`.
    static func runOnTerminal(_ arguments: [String], errorFile: String? = nil) throws -> HostProcess {
        let quoted = { (word: String) in "'" + word.replacingOccurrences(of: "'", with: #"'\''"#) + "'" }
        let words = ([try BuildProducts.host] + arguments).map(quoted)
        let command = words.joined(separator: " ") + (errorFile.map { " 2>" + quoted($0) } ?? "")
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/script")
        process.arguments = ["--quiet", "--return", "--command", command, "/dev/null"]
        process.environment = ProcessInfo.processInfo.environment.filter { $0.key != "NO_COLOR" }
        let output = Pipe()
        process.standardOutput = output
        process.standardInput = FileHandle.nullDevice
        try process.run()
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return HostProcess(
            status: process.terminationStatus, standardOutput: String(decoding: data, as: UTF8.self), standardError: "")
    }
}

extension FileHandle {
    /// Reads until `seen` and what is read contain `marker`, or the output ends; returns them.
    func read(until marker: String, after seen: String = "") -> String {
        var seen = seen
        while !seen.contains(marker), case let chunk = availableData, !chunk.isEmpty {
            seen += String(decoding: chunk, as: UTF8.self)
        }
        return seen
    }
}

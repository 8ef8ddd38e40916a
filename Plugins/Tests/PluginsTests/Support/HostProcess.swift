import Foundation
import Testing

/// Runs the built `plugboard` executable and captures what a person would see.
struct HostProcess {
    /// Seconds a host may run before it is killed (with SIGKILL, status 9).
    static let timeLimit = 300

    let status: Int32
    let standardOutput: String
    let standardError: String

    /// Runs the host with `arguments`; `afterStart` may read standard output (standard error with
    /// `watchingErrors`) before the rest is collected.
    /// `unprivileged` runs it as the user `nobody` when the tests run as root (``UnprivilegedHost``),
    /// so that file permissions apply to it (`.ci/run` runs the tests that ask for it again, by
    /// name, from a checkout only its owner may enter). `fileSizeLimit` is the largest file, in bytes, it may
    /// write (through `prlimit`, as `ulimit -f` sets it). `environment` adds to the tests' own
    /// environment; `directory` is its current directory, if not the tests' own; `executable` is the
    /// `plugboard` to run, if not the one built. The host is waited for on a thread of its own
    /// (``onThreadOfItsOwn(_:)``).
    static func run(
        _ arguments: [String],
        executable: String? = nil,
        input: String? = nil,
        environment: [String: String] = [:],
        keepingInputOpen: Bool = false,
        unprivileged: Bool = false,
        fileSizeLimit: Int? = nil,
        umask mask: String? = nil,
        in directory: URL? = nil,
        watchingErrors: Bool = false,
        afterStart: @escaping @Sendable (Process, FileHandle) -> String = { _, _ in "" }
    ) async throws -> HostProcess {
        try await onThreadOfItsOwn {
            try runWaiting(
                arguments, executable: executable, input: input, environment: environment,
                keepingInputOpen: keepingInputOpen, unprivileged: unprivileged, fileSizeLimit: fileSizeLimit,
                umask: mask, in: directory, watchingErrors: watchingErrors, afterStart: afterStart)
        }
    }

    private static func runWaiting(
        _ arguments: [String], executable: String?, input: String?, environment: [String: String],
        keepingInputOpen: Bool, unprivileged: Bool, fileSizeLimit: Int?, umask mask: String?, in directory: URL?,
        watchingErrors: Bool, afterStart: (Process, FileHandle) -> String
    ) throws -> HostProcess {
        let process = Process()
        let host =
            unprivileged && getuid() == 0 ? try UnprivilegedHost.command() : [try executable ?? BuildProducts.host]
        var command = host + arguments
        if let fileSizeLimit { command = ["/usr/bin/prlimit", "--fsize=\(fileSizeLimit)", "--"] + command }
        if let mask { command = ["/bin/sh", "-c", "umask \(mask) && exec \"$0\" \"$@\""] + command }
        process.executableURL = URL(fileURLWithPath: command[0])
        process.arguments = Array(command.dropFirst())
        process.currentDirectoryURL = directory
        process.environment = ProcessInfo.processInfo.environment.merging(
            ["PLUGBOARD_MANIFEST_CACHE": manifestCache].merging(environment) { _, added in added }
        ) { _, added in added }
        let output = Pipe()
        let error = Pipe()
        process.standardOutput = output
        process.standardError = error
        let inputPipe = Pipe()
        process.standardInput = input == nil && !keepingInputOpen ? FileHandle.nullDevice : inputPipe
        try process.run()
        let watchdog = Self.watchdog(for: process)
        defer { watchdog.cancel() }
        // Written on a thread of its own, so that a host that prints more than a pipe holds before
        // it has read all its input is read meanwhile; a host that ends first leaves the rest unread.
        let writing = inputPipe.fileHandleForWriting
        let typed = input.map { Data($0.utf8) }
        Thread.detachNewThread {
            if let typed { try? writing.write(contentsOf: typed) }
            if !keepingInputOpen { try? writing.close() }
        }
        // `afterStart` reads standard output, or standard error with `watchingErrors`, as the host
        // writes it; what it read comes first in the result.
        let watched = watchingErrors ? error : output
        let early = Data(afterStart(process, watched.fileHandleForReading).utf8)
        // Standard error is read beside standard output: a host may fill either pipe first.
        let errors = Locked(Data())
        let errorsRead = DispatchGroup()
        errorsRead.enter()
        Thread.detachNewThread {
            let read = error.fileHandleForReading.readDataToEndOfFile()
            errors.withLock { $0 = read }
            errorsRead.leave()
        }
        let outputData = (watchingErrors ? Data() : early) + output.fileHandleForReading.readDataToEndOfFile()
        errorsRead.wait()
        let errorData = (watchingErrors ? early : Data()) + errors.withLock { $0 }
        process.waitUntilExit()
        return HostProcess(
            status: process.terminationStatus,
            standardOutput: String(decoding: outputData, as: UTF8.self),
            standardError: String(decoding: errorData, as: UTF8.self)
        )
    }

    /// The manifest cache of the hosts this test run starts: one of its own, so that no entry of
    /// another run (or of the person running the tests) is read.
    static let manifestCache = (try? TemporaryDirectories.make("plugboard-manifest-cache-"))?.path ?? ""

    /// Kills `process` with SIGKILL once it has run for `seconds`, so that a host that never ends
    /// (a lost signal, a hang) fails its test instead of stalling the run; cancel the returned
    /// item when it has ended.
    static func watchdog(for process: Process, after seconds: Int = timeLimit) -> DispatchWorkItem {
        let pid = process.processIdentifier
        let watchdog = DispatchWorkItem { kill(pid, SIGKILL) }
        DispatchQueue.global().asyncAfter(deadline: .now() + .seconds(seconds), execute: watchdog)
        return watchdog
    }
}

extension HostProcess {
    /// Runs the host with `arguments` on a pseudo-terminal (through `script`), as a person at a
    /// terminal runs it, without `NO_COLOR`; standard output and standard error arrive together,
    /// as `standardOutput`, with the terminal's line ends (`\r\n`), unless standard error is
    /// redirected to the file `errorFile`.
    ///
    /// With `keys`, the person types them, all at once, when the shell's line editor first shows
    /// its prompt; `then` is a shell command run on the same terminal after the host ends.
    /// `environment` adds to the tests' own; by default, the shell keeps no history file. The
    /// terminal is `columns` wide, if given.
    static func runOnTerminal(
        _ arguments: [String], errorFile: String? = nil, typing keys: String? = nil, then: String? = nil,
        environment: [String: String] = ["PLUGBOARD_HISTORY": ""], columns: Int? = nil
    ) async throws -> HostProcess {
        let words = ([try BuildProducts.host] + arguments).map(shellQuoted)
        let command =
            (columns.map { "stty cols \($0); " } ?? "") + words.joined(separator: " ")
            + (errorFile.map { " 2>" + shellQuoted($0) } ?? "") + (then.map { "; " + $0 } ?? "")
        return try await runOnTerminal(
            command: command, typing: keys.map { [(after: firstPrompt, keys: $0)] } ?? [], environment: environment)
    }

    /// Runs the shell command line `command` on a pseudo-terminal, as ``runOnTerminal(_:errorFile:typing:then:environment:columns:)``
    /// runs the host, typing each step's keys once the output holds the step's marker after the
    /// marker of the step before; a session still running after a minute is killed. The session
    /// is waited for on a thread of its own (``onThreadOfItsOwn(_:)``).
    static func runOnTerminal(
        command: String, typing steps: [(after: String, keys: String)], environment: [String: String]
    ) async throws -> HostProcess {
        try await onThreadOfItsOwn {
            try runOnTerminalWaiting(command: command, typing: steps, environment: environment)
        }
    }

    private static func runOnTerminalWaiting(
        command: String, typing steps: [(after: String, keys: String)], environment: [String: String]
    ) throws -> HostProcess {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/script")
        process.arguments = ["--quiet", "--return", "--command", command, "/dev/null"]
        // The session is the same whatever the caller's environment. `script` runs the command with
        // $SHELL, here bash: the terminal's Ctrl-C reaches that shell too, and bash, like a person's
        // interactive shell, outlives a host that handles the signal, where dash would die of it
        // before running what follows. TERM names the terminal the session is, as a terminal would.
        var inherited = ProcessInfo.processInfo.environment.filter { $0.key != "NO_COLOR" }
        inherited["SHELL"] = "/bin/bash"
        inherited["TERM"] = "xterm"
        inherited["PLUGBOARD_MANIFEST_CACHE"] = manifestCache
        process.environment = inherited.merging(environment) { _, added in added }
        let output = Pipe()
        let input = Pipe()
        process.standardOutput = output
        process.standardInput = steps.isEmpty ? FileHandle.nullDevice : input
        try process.run()
        // A minute is plenty for a terminal session, and a step whose marker never shows waits for it.
        let watchdog = Self.watchdog(for: process, after: 60)
        defer { watchdog.cancel() }
        var data = Data()
        var pending = steps[...]
        var searched = 0
        while case let chunk = output.fileHandleForReading.availableData, !chunk.isEmpty {
            data.append(chunk)
            while let step = pending.first, let found = data.range(of: Data(step.after.utf8), in: searched..<data.count)
            {
                input.fileHandleForWriting.write(Data(step.keys.utf8))
                searched = found.upperBound
                pending.removeFirst()
            }
        }
        process.waitUntilExit()
        return HostProcess(
            status: process.terminationStatus, standardOutput: String(decoding: data, as: UTF8.self), standardError: "")
    }

    /// `word` as one word of a shell command line, in single quotes.
    static func shellQuoted(_ word: String) -> String {
        "'" + word.replacingOccurrences(of: "'", with: #"'\''"#) + "'"
    }

    /// What the line editor draws when it starts reading a line: the prompt on a line cleared.
    static let firstPrompt = "\r> \u{1B}[K"
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

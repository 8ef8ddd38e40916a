internal import CPlugboard
internal import Glibc

/// A plugin process started from a command (never a shell), with its end of a socket pair as
/// its descriptor 3 and its standard output and error, one pipe, read into ``ProcessOutput``: not yet told
/// which plugins to serve. It says ``WireMessage/prepared(version:)`` once it can be told.
struct SpawnedProcess: Sendable {
    let processID: Int32
    let connection: WireConnection
    let output: ProcessOutput

    /// Starts `command` (an executable and its arguments) as a plugin process; unless
    /// `reachingNetwork`, in a network namespace of its own where the kernel allows one
    /// (``KernelConfinement/networkNamespaces``): it reaches no network, whatever it asks later.
    /// - Throws: ``IsolationError/cannotStart(reason:)`` when the system cannot start it.
    static func start(_ command: [String], reachingNetwork: Bool) throws(IsolationError) -> SpawnedProcess {
        PluginDirectories.removeStaleTemporaries
        var ends: [Int32] = [-1, -1]
        guard socketpair(AF_UNIX, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0, &ends) == 0 else {
            throw .cannotStart(reason: String(cString: strerror(errno)))
        }
        let connection = WireConnection(descriptor: ends[0])
        defer { close(ends[1]) }
        let (processID, output) = try spawn(command, socket: ends[1], reachingNetwork: reachingNetwork)
        return SpawnedProcess(processID: processID, connection: connection, output: output)
    }

    /// Waits within `deadline` for the process to say that it is prepared, in this version of the
    /// wire; returns whether it did. One that did not is to be stopped (``stop()``).
    func waitForPrepared(within deadline: Duration) -> Bool {
        guard case .prepared(WireMessage.version)? = try? connection.receive(within: deadline) else { return false }
        return true
    }

    /// Whether the process is stopped (by SIGSTOP, or a debugger), as its `/proc` entry says: it
    /// answers nothing until continued.
    var isStopped: Bool {
        pb_process_is_stopped(processID) == 1
    }

    /// Ends the process and what it started at once, reaps it and says how it ended.
    func stop() -> PluginProcessHandle.Death {
        end()
        return reap()
    }

    /// Ends the process and everything it started, without waiting to reap it: its connection
    /// closed, it ends what it started (it is the reaper of its descendants) and itself, within a
    /// moment; one that has not ended by then (stopped by a signal, say) is sent SIGKILL, with its
    /// process group.
    func end() {
        connection.shutDown()
        if pb_wait_for_end(processID, Int32(Self.endingItself / .milliseconds(1))) != 1 { kill(-processID, SIGKILL) }
    }

    /// Asks the process to write where each of its threads is, as its backtrace of a crash does,
    /// and ends it as ``end()`` does once it has ended, or after `limit`: a process that hangs is
    /// stopped so, and its report says where it hung.
    func endWritingThreads(within limit: Duration) {
        if pb_ask_for_threads(processID) == 0 { _ = pb_wait_for_end(processID, limit.pollMilliseconds) }
        end()
    }

    /// How long a process whose connection the host closed has to end what it started and
    /// itself before it is sent SIGKILL: it takes well under a millisecond.
    static let endingItself: Duration = .milliseconds(100)

    /// Reaps the process, which is ending (its socket closed, or it refused its plugins), and
    /// says how it ended. One still running after `grace` — it closed its socket and went on
    /// running — is stopped, and its last words say so: no one waits on it for good.
    func end(within grace: Duration) -> PluginProcessHandle.Death {
        guard pb_wait_for_end(processID, grace.pollMilliseconds) == 1 else {
            var death = stop()
            death.lastWords = "it closed its connection to the host and went on running, so its process was stopped"
            return death
        }
        return reap()
    }

    /// Reaps the process (it ended, or was sent SIGKILL) and reads what it wrote; then ends what
    /// it started (its backtracer, say), which could otherwise hold its output open, and outlive it,
    /// and removes its private temporary directory.
    private func reap() -> PluginProcessHandle.Death {
        var status: Int32 = 0
        while waitpid(processID, &status, 0) < 0 && errno == EINTR {}
        let report = output.waitForAll()
        kill(-processID, SIGKILL)
        PluginDirectories.removeTemporary(ofProcess: processID)
        return PluginProcessHandle.Death(lastWords: Self.lastWords(in: report, status: status), report: report)
    }

    /// The Swift runtime's fatal error line of `report` (`Fatal error: boom` with its file and
    /// line), or what ended the process.
    static func lastWords(in report: String, status: Int32) -> String {
        let lines = report.split(separator: "\n")
        if let fatal = lines.first(where: { $0.contains("Fatal error:") }) {
            // `File.swift:12: Fatal error: boom` becomes `Fatal error: boom (File.swift:12)`.
            let text = String(fatal)
            guard let range = text.firstRange(of: "Fatal error:") else { return text }
            let place = text[..<range.lowerBound].trimmingSuffix { $0 == " " || $0 == ":" }
            let message = text[range.lowerBound...]
            return place.isEmpty ? String(message) : "\(message) (\(place))"
        }
        // The first process of a namespace of its own ends for a fatal signal another sends it with
        // status 128 + the signal, and says so: the line is believed only beside that status (a
        // plugin may print it itself).
        let said = lines.last { $0.hasPrefix(String(cString: pb_ended_by_signal)) }
            .flatMap { Int32($0.split(separator: " ").last ?? "") }
        let signal =
            status & 0x7F != 0
            ? status & 0x7F : said.flatMap { status >> 8 & 0xFF == 128 + $0 ? $0 : nil } ?? 0
        if signal != 0 { return "ended by signal \(signal) (\(String(cString: strsignal(signal))))" }
        return "ended with status \(status >> 8 & 0xFF)"
    }

    /// Whether `report`, all a process wrote, holds no word of its own: nothing, or only the line
    /// it writes as a fatal signal another process sent ends it (``lastWords(in:status:)``).
    static func saidNothing(_ report: String) -> Bool {
        let ended = String(cString: pb_ended_by_signal)
        return report.split(separator: "\n").allSatisfy { line in
            line.allSatisfy(\.isWhitespace) || line.hasPrefix(ended)
        }
    }

    /// Starts the process with `socket` as its descriptor 3 and its standard output and error in
    /// one pipe, in the order it writes them: the host holds two descriptors per plugin process.
    private static func spawn(
        _ arguments: [String], socket: Int32, reachingNetwork: Bool
    ) throws(IsolationError) -> (Int32, ProcessOutput) {
        var outputEnds: [Int32] = [-1, -1]
        guard pb_pipe_closed_on_exec(&outputEnds) == 0 else {
            throw .cannotStart(reason: String(cString: strerror(errno)))
        }
        // The child gets the socket and its standard descriptors only: none that the host was given
        // or opened (one its own parent watches for the host's end, say) outlives the host in it, or
        // in the processes it starts. It never waits on a terminal: its backtrace is written, not
        // offered interactively, by the backtracer a confined process may start
        // (``LoadedObjects/backtracer``).
        let backtracer = LoadedObjects.backtracer.map { ",swift-backtrace=\($0)" } ?? ""
        // One that serves no network says so: it applies the seccomp filter of a plugin that may
        // not connect anywhere before it is told its plugins (``PreparedConfinement``).
        let noNetwork = PreparedConfinement.servesNoNetwork + "="
        let environment =
            ProcessEnvironment.current.filter { !$0.hasPrefix("SWIFT_BACKTRACE=") && !$0.hasPrefix(noNetwork) }
            + ["SWIFT_BACKTRACE=enable=yes,interactive=no,color=no" + backtracer]
            + (reachingNetwork ? [] : [noNetwork + "1"])
        let argv = arguments.map { strdup($0) } + [nil]
        let envp = environment.map { strdup($0) } + [nil]
        defer { for pointer in argv + envp { free(pointer) } }
        // A process group of its own: what it starts ends with it (``end()``), and a person's
        // Ctrl-C at the host's terminal reaches the host alone, which decides. Every signal
        // unblocked and at its default action: the thread that starts it may block signals, and
        // a plugin process that inherited that would not end on SIGTERM or SIGABRT, nor its
        // runtime see a SIGSEGV sent to it. And, where the kernel lets it, a process namespace of
        // its own, so that nothing it starts outlives it, however it ends.
        var processID: pid_t = 0
        let kernel = KernelConfinement.current
        let started = pb_spawn_plugin_process(
            arguments[0], argv, envp, socket, outputEnds[1], kernel.processNamespaces,
            kernel.networkNamespaces && !reachingNetwork, &processID)
        close(outputEnds[1])
        guard started == 0 else {
            close(outputEnds[0])
            throw .cannotStart(reason: "\(arguments[0]): \(String(cString: strerror(started)))")
        }
        guard let output = ProcessOutput(reading: outputEnds[0]) else {
            kill(-processID, SIGKILL)
            while waitpid(processID, nil, 0) < 0 && errno == EINTR {}
            throw .cannotStart(reason: "the system gave no way to wait on its output")
        }
        return (processID, output)
    }
}

extension Substring {
    /// This text without the characters at its end that `remove` picks.
    fileprivate func trimmingSuffix(while remove: (Character) -> Bool) -> Substring {
        var text = self
        while let last = text.last, remove(last) { text = text.dropLast() }
        return text
    }
}

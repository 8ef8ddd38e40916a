internal import CPlugboard
internal import Dispatch
internal import FoundationEssentials
internal import Glibc

/// One running plugin process, as the host sees it: started from a command (never a shell) with
/// the socket as its descriptor 3 and its standard output and error kept; its answers matched to
/// the requests waiting for them; its death seen at once (its socket closes), its process reaped
/// and its last words read.
final class PluginProcessHandle: Sendable {
    /// How a request ended.
    enum Outcome: Sendable {
        case answered(WireMessage)
        case stopped(Death)
        case timedOut(Death)
    }

    /// How the process ended.
    struct Death: Sendable {
        /// The Swift runtime's message (`Fatal error: … file:line`), or the signal or status.
        var lastWords: String
        /// All the process wrote, its backtrace included.
        var report: String
        /// Whether the host stopped it for missing a deadline.
        var timedOut = false
    }

    private struct State {
        var pending: [Int: CheckedContinuation<Outcome, Never>] = [:]
        var lastRequest = 0
        var navigation: [Int: @Sendable (WireNavigation) -> Void] = [:]
        var death: Death?
        var timingOut = false
        var whenEnded: (@Sendable (PluginProcessHandle, Death) -> Void)?
    }

    let processID: Int32
    private let connection: WireConnection
    private let state = PosixMutex(State())
    private let reader: WorkerThread
    private let output: ProcessOutput

    private init(processID: Int32, connection: WireConnection, output: ProcessOutput, reader: WorkerThread) {
        self.processID = processID
        self.connection = connection
        self.output = output
        self.reader = reader
    }

    /// Starts `arguments` (an executable and its arguments) as a plugin process and waits, within
    /// `deadline`, until it reports its plugin ready.
    static func start(
        _ arguments: [String], deadline: Duration
    ) throws(IsolationError) -> (PluginProcessHandle, IsolatedPlugin.Ready) {
        var ends: [Int32] = [-1, -1]
        guard socketpair(AF_UNIX, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0, &ends) == 0 else {
            throw .cannotStart(reason: String(cString: strerror(errno)))
        }
        let connection = WireConnection(descriptor: ends[0])
        let spawned: (Int32, ProcessOutput)
        do {
            spawned = try spawn(arguments, socket: ends[1])
        } catch {
            close(ends[1])
            throw error
        }
        close(ends[1])
        let (processID, output) = spawned
        guard let reader = WorkerThread() else {
            kill(-processID, SIGKILL)
            var status: Int32 = 0
            while waitpid(processID, &status, 0) < 0 && errno == EINTR {}
            throw .cannotStart(reason: "no thread could be started to read from it")
        }
        let handle = PluginProcessHandle(
            processID: processID, connection: connection, output: output, reader: reader)
        let ready = try handle.handshake(deadline: deadline)
        reader.async { handle.readAnswers() }
        return (handle, ready)
    }

    /// Whether the process still runs.
    var isRunning: Bool {
        state.withLock { $0.death == nil }
    }

    /// Sends what `make` builds with a new request number and waits for its answer, or for the
    /// process's death; past `deadline` the process is stopped.
    func request(_ make: @Sendable (Int) -> WireMessage, deadline: Duration) async -> Outcome {
        let number = state.withLock { state in
            state.lastRequest += 1
            return state.lastRequest
        }
        let message = make(number)
        // Past the deadline the process is stopped, and the request answered at once: the reader
        // answers it only once the process's end is seen.
        let watchdog = Task { [self] in
            guard (try? await Task.sleep(for: deadline)) != nil else { return }
            let waiting = state.withLock { state in
                state.timingOut = true
                return state.pending.removeValue(forKey: number)
            }
            kill(processID, SIGKILL)
            // A process it started may hold the socket open: the reader is woken all the same.
            connection.shutDown()
            let death = Death(lastWords: "it did not answer within \(deadline)", report: "", timedOut: true)
            waiting?.resume(returning: .timedOut(death))
        }
        defer { watchdog.cancel() }
        return await withCheckedContinuation { (continuation: CheckedContinuation<Outcome, Never>) in
            let death = state.withLock { state in
                if state.death == nil { state.pending[number] = continuation }
                return state.death
            }
            if let death { return continuation.resume(returning: .stopped(death)) }
            do {
                try connection.send(message)
            } catch {
                // The reader sees the socket close and answers every request waiting.
            }
        }
    }

    /// Ends the process, and what it started, at once; its end is then seen as any other.
    func stop() {
        kill(-processID, SIGKILL)
    }

    /// Sends `message`, which has no answer.
    func send(_ message: WireMessage) {
        try? connection.send(message)
    }

    /// Calls `handler` with each navigation request the screen numbered `screen` sends.
    func onNavigation(of screen: Int, _ handler: @escaping @Sendable (WireNavigation) -> Void) {
        state.withLock { $0.navigation[screen] = handler }
    }

    /// Says hello and waits for the plugin to be ready.
    private func handshake(deadline: Duration) throws(IsolationError) -> IsolatedPlugin.Ready {
        let answer: WireMessage
        do {
            try connection.send(.hello(version: WireMessage.version))
            guard connection.waitReadable(within: deadline) else {
                kill(processID, SIGKILL)
                _ = ended()
                throw IsolationError.cannotStart(reason: "its plugin was not ready within \(deadline)")
            }
            answer = try connection.receive()
        } catch let error as IsolationError {
            throw error
        } catch {
            let death = ended()
            throw .cannotStart(reason: "it ended before its plugin was ready: \(death.lastWords)")
        }
        switch answer {
        case .ready(let version, let plugins, let routes, let handlers, let interceptors, let fallback, let launch)
        where version == WireMessage.version && !plugins.isEmpty:
            return IsolatedPlugin.Ready(
                plugins: plugins, routes: routes, handlers: handlers, interceptors: interceptors, fallback: fallback,
                launch: launch)
        case .refused(let reason):
            _ = ended()
            throw .refused(reason: reason)
        default:
            kill(processID, SIGKILL)
            _ = ended()
            throw .cannotStart(reason: "it does not speak version \(WireMessage.version) of the wire")
        }
    }

    /// Reads answers until the socket closes, then records the death and answers every request
    /// still waiting with it.
    private func readAnswers() {
        while let message = try? connection.receive() {
            switch message {
            case .screen(let request, _), .failed(let request, _), .done(let request), .decision(let request, _):
                state.withLock { $0.pending.removeValue(forKey: request) }?.resume(returning: .answered(message))
            case .navigate(let screen, let navigation):
                state.withLock { $0.navigation[screen] }?(navigation)
            default:
                continue
            }
        }
        connection.shutDown()
        var death = ended()
        let waiting = state.withLock { state in
            death.timedOut = state.timingOut
            state.death = death
            defer { state.pending = [:] }
            return state.pending.values
        }
        for request in waiting { request.resume(returning: death.timedOut ? .timedOut(death) : .stopped(death)) }
        state.withLock { state in
            defer { state.whenEnded = nil }
            return state.whenEnded
        }?(self, death)
    }

    /// Calls `handler` once the process has ended and been reaped, with how it ended: at once if
    /// it has.
    func whenEnded(_ handler: @escaping @Sendable (PluginProcessHandle, Death) -> Void) {
        let death = state.withLock { state in
            if state.death == nil { state.whenEnded = handler }
            return state.death
        }
        if let death { handler(self, death) }
    }

    /// Reaps the process (it ended, or will once its socket is gone) and reads what it wrote;
    /// then ends what it started (its backtracer, say), which could otherwise hold its output
    /// open, and outlive it.
    private func ended() -> Death {
        var status: Int32 = 0
        while waitpid(processID, &status, 0) < 0 && errno == EINTR {}
        let report = output.waitForAll()
        kill(-processID, SIGKILL)
        return Death(lastWords: Self.lastWords(in: report, status: status), report: report)
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
        let signal = status & 0x7F
        if signal != 0 { return "ended by signal \(signal) (\(String(cString: strsignal(signal))))" }
        return "ended with status \(status >> 8 & 0xFF)"
    }

    /// Starts the process with `socket` as its descriptor 3 and its output in a pipe.
    private static func spawn(_ arguments: [String], socket: Int32) throws(IsolationError) -> (Int32, ProcessOutput) {
        var pipeEnds: [Int32] = [-1, -1]
        guard pb_pipe_closed_on_exec(&pipeEnds) == 0 else {
            throw .cannotStart(reason: String(cString: strerror(errno)))
        }
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_adddup2(&actions, socket, 3)
        posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
        posix_spawn_file_actions_adddup2(&actions, pipeEnds[1], 1)
        posix_spawn_file_actions_adddup2(&actions, pipeEnds[1], 2)
        // It gets the socket and its standard descriptors only: none that the host was given or
        // opened (one its own parent watches for the host's end, say) outlives the host in it, or
        // in the processes it starts.
        pb_spawn_close_from(&actions, 4)
        // The child never waits on a terminal: its backtrace is written, not offered interactively.
        let environment =
            ProcessEnvironment.current.filter { !$0.hasPrefix("SWIFT_BACKTRACE=") }
            + ["SWIFT_BACKTRACE=enable=yes,interactive=no,color=no"]
        let argv = arguments.map { strdup($0) } + [nil]
        let envp = environment.map { strdup($0) } + [nil]
        defer { for pointer in argv + envp { free(pointer) } }
        // A process group of its own: what it starts ends with it (``ended()``), and a person's
        // Ctrl-C at the host's terminal reaches the host alone, which decides.
        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETPGROUP))
        posix_spawnattr_setpgroup(&attributes, 0)
        var processID: pid_t = 0
        let started = posix_spawn(&processID, arguments[0], &actions, &attributes, argv, envp)
        close(pipeEnds[1])
        guard started == 0 else {
            close(pipeEnds[0])
            throw .cannotStart(reason: "\(arguments[0]): \(String(cString: strerror(started)))")
        }
        return (processID, ProcessOutput(reading: pipeEnds[0]))
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

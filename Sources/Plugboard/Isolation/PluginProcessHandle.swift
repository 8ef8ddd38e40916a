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
        /// The process ended before it answered; ``Death/timedOut`` says whether the host stopped it
        /// for missing the deadline.
        case stopped(Death)
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

    /// A request waiting for its answer, and when it is due.
    private struct Waiting {
        let continuation: CheckedContinuation<Outcome, Never>
        let due: ContinuousClock.Instant
    }

    private struct State {
        var pending: [Int: Waiting] = [:]
        var lastRequest = 0
        var navigation: [Int: @Sendable (WireNavigation) -> Void] = [:]
        /// Whether the socket closed: the process serves no more, though its end may not be
        /// read yet (``death``).
        var closed = false
        var death: Death?
        var timingOut = false
        var whenEnded: [@Sendable (PluginProcessHandle, Death) -> Void] = []
    }

    let processID: Int32
    /// How long a request may wait for its answer before the process is stopped.
    let deadline: Duration
    private let process: SpawnedProcess
    private var connection: WireConnection { process.connection }
    private let state = PosixMutex(State())
    private let reader: WorkerThread

    private init(process: SpawnedProcess, deadline: Duration, reader: WorkerThread) {
        processID = process.processID
        self.deadline = deadline
        self.process = process
        self.reader = reader
    }

    /// Has a plugin process of `command` serve `files`, and waits, within `deadline`, until it
    /// reports its plugins ready; each line it prints goes to `onOutput`. It takes the process
    /// prepared for `command` ahead (``SpareProcesses``), or starts one when none is; either way,
    /// it prepares the next.
    static func start(
        _ command: [String], files: [String], deadline: Duration, onOutput: @escaping @Sendable (String) -> Void
    ) throws(IsolationError) -> (PluginProcessHandle, IsolatedPlugin.Ready) {
        defer { SpareProcesses.prepare(command) }
        if let spare = SpareProcesses.take(command) {
            do throws(IsolationError) {
                spare.output.handLines(to: onOutput)
                return try serve(files, by: spare, deadline: deadline)
            } catch .refused(let reason) {
                throw .refused(reason: reason)
            } catch {
                // It ended, since it was prepared (killed, say) or as it loaded the plugins: a
                // new process tries, and says why if it cannot.
            }
        }
        let process = try SpawnedProcess.start(command)
        process.output.handLines(to: onOutput)
        guard process.waitForPrepared(within: deadline) else {
            throw .cannotStart(
                reason: "it did not say it was prepared, in version \(WireMessage.version) of the wire, within "
                    + "\(deadline): \(process.stop().lastWords)")
        }
        return try serve(files, by: process, deadline: deadline)
    }

    /// Has `process`, which said it is prepared, serve `files`, and reads its answers from then on.
    private static func serve(
        _ files: [String], by process: SpawnedProcess, deadline: Duration
    ) throws(IsolationError) -> (PluginProcessHandle, IsolatedPlugin.Ready) {
        guard let reader = WorkerThread() else {
            _ = process.stop()
            throw .cannotStart(reason: "no thread could be started to read from it")
        }
        let handle = PluginProcessHandle(process: process, deadline: deadline, reader: reader)
        let ready = try handle.handshake(files: files, deadline: deadline)
        reader.async { handle.readAnswers() }
        return (handle, ready)
    }

    /// Whether the process still serves: false from the moment its socket closes, while what it
    /// wrote last is still being read, so that a restart then starts a new process.
    var isRunning: Bool {
        state.withLock { !$0.closed }
    }

    /// Sends what `make` builds with a new request number and waits for its answer, or for the
    /// process's death; past ``deadline`` the process is stopped. It runs on the caller's actor,
    /// so that the answer wakes the caller alone.
    nonisolated(nonsending) func request(_ make: @Sendable (Int) -> WireMessage) async -> Outcome {
        let number = state.withLock { state in
            state.lastRequest += 1
            return state.lastRequest
        }
        let message = make(number)
        let due = ContinuousClock.now + deadline
        return await withCheckedContinuation { (continuation: CheckedContinuation<Outcome, Never>) in
            let death = state.withLock { state in
                if state.death == nil { state.pending[number] = Waiting(continuation: continuation, due: due) }
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

    /// Closes the connection, which ends the process once it has served what it was sent, and
    /// waits until it has ended and been reaped (what it printed last handed on); past `limit`,
    /// it is stopped.
    func end(within limit: Duration) async {
        connection.shutDown()
        let overdue = DispatchWorkItem { [self] in stop() }
        DispatchQueue.global().asyncAfter(deadline: .now() + limit.dispatchInterval, execute: overdue)
        await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
            whenEnded { _, _ in continuation.resume() }
        }
        overdue.cancel()
    }

    /// Sends `message`, which has no answer.
    func send(_ message: WireMessage) {
        try? connection.send(message)
    }

    /// Calls `handler` with each navigation request the screen numbered `screen` sends.
    func onNavigation(of screen: Int, _ handler: @escaping @Sendable (WireNavigation) -> Void) {
        state.withLock { $0.navigation[screen] = handler }
    }

    /// Says hello with the files to serve, and waits for the plugins to be ready.
    private func handshake(files: [String], deadline: Duration) throws(IsolationError) -> IsolatedPlugin.Ready {
        let answer: WireMessage
        do {
            try connection.send(.hello(version: WireMessage.version, files: files))
            guard connection.waitReadable(within: deadline) else {
                _ = process.stop()
                throw IsolationError.cannotStart(reason: "its plugin was not ready within \(deadline)")
            }
            answer = try connection.receive()
        } catch let error as IsolationError {
            throw error
        } catch {
            let death = process.end()
            throw .cannotStart(reason: "it ended before its plugin was ready: \(death.lastWords)")
        }
        switch answer {
        case .ready(let version, let plugins, let routes, let handlers, let interceptors, let fallback, let launch)
        where version == WireMessage.version && !plugins.isEmpty:
            return IsolatedPlugin.Ready(
                plugins: plugins, routes: routes, handlers: handlers, interceptors: interceptors, fallback: fallback,
                launch: launch)
        case .refused(let reason):
            _ = process.end()
            throw .refused(reason: reason)
        default:
            _ = process.stop()
            throw .cannotStart(reason: "it does not speak version \(WireMessage.version) of the wire")
        }
    }

    /// Reads answers until the socket closes, then records the death and answers every request
    /// still waiting with it. A request past its due time has the process stopped: the reader
    /// waits for an answer no longer than the first request waiting is due, and looks again after
    /// one ``deadline`` when none waits, in case one was sent since.
    private func readAnswers() {
        while true {
            let due = state.withLock { $0.pending.values.map(\.due).min() }
            guard connection.waitReadable(within: due.map { $0 - .now } ?? deadline) else {
                if let due, due <= .now { timeOut() }
                continue
            }
            guard let message = try? connection.receive() else {
                state.withLock { $0.closed = true }
                break
            }
            switch message {
            case .screen(let request, _), .failed(let request, _), .done(let request), .decision(let request, _):
                state.withLock { $0.pending.removeValue(forKey: request) }?.continuation.resume(
                    returning: .answered(message))
            case .navigate(let screen, let navigation):
                state.withLock { $0.navigation[screen] }?(navigation)
            default:
                continue
            }
        }
        connection.shutDown()
        var death = process.end()
        let waiting = state.withLock { state in
            death.timedOut = state.timingOut
            state.death = death
            defer { state.pending = [:] }
            return state.pending.values
        }
        for request in waiting { request.continuation.resume(returning: .stopped(death)) }
        let handlers = state.withLock { state in
            defer { state.whenEnded = [] }
            return state.whenEnded
        }
        for handler in handlers { handler(self, death) }
    }

    /// Stops the process, whose answer is overdue: its end is then seen as any other, and every
    /// request waiting is answered that it timed out.
    private func timeOut() {
        state.withLock { $0.timingOut = true }
        stop()
        // A process it started may hold the socket open: the reader sees the end all the same.
        connection.shutDown()
    }

    /// Calls `handler` once the process has ended and been reaped, with how it ended: at once if
    /// it has.
    func whenEnded(_ handler: @escaping @Sendable (PluginProcessHandle, Death) -> Void) {
        let death = state.withLock { state in
            if state.death == nil { state.whenEnded.append(handler) }
            return state.death
        }
        if let death { handler(self, death) }
    }
}

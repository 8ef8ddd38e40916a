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

    /// Why the host stopped a process.
    private enum HostStop {
        /// An answer, or a frame begun, was overdue.
        case overdue
        /// It sent a frame that holds no message: why it holds none.
        case brokeTheWire(String)
        /// It sent a message out of turn, or values that cannot be true: what it broke.
        case brokeTheProtocol(String)
    }

    /// A request waiting for its answer, and when it is due.
    private struct Waiting {
        /// The caller, once it waits suspended; `nil` while it waits on its own thread.
        var continuation: CheckedContinuation<Outcome, Never>?
        /// The answer, when the reader read it while the caller waited on its own thread.
        var answer: WireMessage?
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
        /// Why the host stopped the process, when it stopped it for what the process did (or
        /// did not do); the first reason stands.
        var stoppedBecause: HostStop?
        var whenEnded: [@Sendable (PluginProcessHandle, Death) -> Void] = []
        /// Its socket, as the poller watches it.
        var watch: DescriptorPoller.Watch?
        /// When the first bytes of a frame not yet whole came (``WireFrames/begun``).
        var frameBegun: ContinuousClock.Instant?
        /// The navigations its view models may still ask for; those past it are dropped.
        var navigations = UnaskedBudget(perSecond: UnaskedBudget.navigations)
        /// Told, once, of the first navigation dropped.
        var whenOverLimit: (@Sendable (String) -> Void)?
    }

    let processID: Int32
    /// How long a request may wait for its answer before the process is stopped.
    let deadline: Duration
    private let process: SpawnedProcess
    private var connection: WireConnection { process.connection }
    private let state = PosixMutex(State())
    /// What was read from the socket and is not yet a whole message, held by whoever reads it (the
    /// poller's thread, or a caller waiting on its own) until what it read is handed on, so that
    /// messages take effect in the order they came.
    private let reading = PosixMutex(WireFrames())

    /// How long a request's caller waits for the answer on its own thread, reading the socket
    /// itself, before it suspends and leaves the answer to the reader: most answers come within
    /// it, and one read by the caller wakes the caller alone, where one read by the reader wakes
    /// the reader and then the caller (see the Benchmarks README). The caller waits in reads
    /// that the socket's receive timeout, set to this, ends; the system rounds it up to its
    /// clock's tick (4 ms on a kernel that ticks 250 times a second).
    static let waitOnCaller: Duration = .milliseconds(1)

    private init(process: SpawnedProcess, deadline: Duration) {
        processID = process.processID
        self.deadline = deadline
        self.process = process
        process.connection.setReceiveTimeout(Self.waitOnCaller)
    }

    /// Has a plugin process of `command` serve `files`, and waits, within `deadline`, until it
    /// reports its plugins ready; each line it prints goes to `onOutput`. It takes the process
    /// prepared for `command` ahead (``SpareProcesses``), or starts one when none is; either way,
    /// it prepares the next. The wait for the plugins, whose code runs as they load and launch,
    /// is a request's (``request(_:)``): the caller's thread is given back once the wait goes on
    /// past a moment, so that a person can give it up.
    nonisolated(nonsending) static func start(
        _ command: [String], files: [String], confinement: ProcessConfinement?, deadline: Duration,
        onOutput: @escaping @Sendable (_ plugin: String?, _ line: String) -> Void
    ) async throws(IsolationError) -> (PluginProcessHandle, IsolatedPlugin.Ready) {
        do {
            return try await take(
                command, files: files, confinement: confinement, deadline: deadline, onOutput: onOutput)
        } catch {
            SpareProcesses.prepare(command)
            throw error
        }
    }

    /// Starts the process as ``start(_:files:confinement:deadline:onOutput:)`` says; the one that
    /// is told its files prepares the next as it starts, and when the start fails, the caller asks
    /// too (a process already prepared, or being prepared, makes that ask a no-op).
    nonisolated(nonsending) private static func take(
        _ command: [String], files: [String], confinement: ProcessConfinement?, deadline: Duration,
        onOutput: @escaping @Sendable (_ plugin: String?, _ line: String) -> Void
    ) async throws(IsolationError) -> (PluginProcessHandle, IsolatedPlugin.Ready) {
        // A spare reaches no network: one whose plugins may connect starts a process that does.
        let reachingNetwork = confinement?.mayConnect ?? true
        if !reachingNetwork, let spare = SpareProcesses.take(command) {
            if spare.isStopped {
                // Stopped since it was prepared (SIGSTOP, say), it would not answer: no plugin's
                // code ran in it, so it is ended, and a new process tries, no plugin blamed.
                _ = spare.stop()
            } else {
                do throws(IsolationError) {
                    spare.output.handLines(to: onOutput)
                    return try await serve(
                        files, confinement: confinement, by: spare, deadline: deadline, command: command)
                } catch .endedBeforeReady(_, let report) where SpawnedProcess.saidNothing(report) {
                    // It ended without a word — killed since it was prepared, say, its only line
                    // the one that names the signal another process sent — so no plugin's code
                    // ended it: a new process tries, and says why if it cannot. One that refused
                    // the plugins, trapped loading them or hung is not tried again: a new process
                    // would run their code again, to the same end.
                }
            }
        }
        let process = try SpawnedProcess.start(command, reachingNetwork: reachingNetwork)
        process.output.handLines(to: onOutput)
        // No plugin's code runs before the process says it is prepared: the wait is short.
        guard process.waitForPrepared(within: deadline) else {
            throw .cannotStart(
                reason: "it did not say it was prepared, in version \(WireMessage.version) of the wire, within "
                    + "\(deadline): \(process.stop().lastWords)")
        }
        return try await serve(files, confinement: confinement, by: process, deadline: deadline, command: command)
    }

    /// Has `process`, which said it is prepared, serve `files`, its answers read from then on by
    /// the host's poller, prepares the next process for `command`, and waits for its plugins to
    /// be ready.
    nonisolated(nonsending) private static func serve(
        _ files: [String], confinement: ProcessConfinement?, by process: SpawnedProcess, deadline: Duration,
        command: [String]
    ) async throws(IsolationError) -> (PluginProcessHandle, IsolatedPlugin.Ready) {
        let handle = PluginProcessHandle(process: process, deadline: deadline)
        guard let poller = DescriptorPoller.shared,
            let watch = poller.watch(process.connection.descriptor, handler: { handle.handle($0) })
        else {
            _ = process.stop()
            throw .cannotStart(reason: "the system gave no way to wait on its socket")
        }
        handle.state.withLock { $0.watch = watch }
        let hello = handle.ask { _ in .hello(version: WireMessage.version, files: files, confinement: confinement) }
        SpareProcesses.prepare(command)
        return (handle, try await handle.handshake(awaiting: hello))
    }

    /// Whether the host stopped the process for what it did (an answer overdue, a message that
    /// broke the wire): its stop is its own, even before its end is recorded.
    var wasStopped: Bool {
        state.withLock { $0.stoppedBecause != nil }
    }

    /// Whether a request sent to the process waits for its answer.
    var isServing: Bool {
        state.withLock { !$0.pending.isEmpty }
    }

    /// Whether the process still serves: false from the moment its socket closes, while what it
    /// wrote last is still being read, so that a restart then starts a new process.
    var isRunning: Bool {
        state.withLock { !$0.closed }
    }

    /// Sends what `make` builds with a new request number and waits for its answer, or for the
    /// process's death; past ``deadline`` the process is stopped. It runs on the caller's actor:
    /// the caller reads the answer itself when it comes within ``waitOnCaller``, and suspends
    /// after that.
    nonisolated(nonsending) func request(_ make: @Sendable (Int) -> WireMessage) async -> Outcome {
        await answer(to: ask(make))
    }

    /// A request sent (``ask(_:)``): its number and when it is due, or the death of the process,
    /// which met it before it was sent.
    private struct Asked {
        let number: Int
        let due: ContinuousClock.Instant
        let death: Death?
    }

    /// Sends what `make` builds with a new request number, unless the process has ended; its
    /// answer is then waited for with ``answer(to:)``.
    private func ask(_ make: @Sendable (Int) -> WireMessage) -> Asked {
        let due = ContinuousClock.now + deadline
        let (number, death) = state.withLock { state in
            state.lastRequest += 1
            if state.death == nil {
                state.pending[state.lastRequest] = Waiting(due: due)
            }
            return (state.lastRequest, state.death)
        }
        // One that cannot be sent is answered by the process's end, which the reader sees.
        if death == nil { try? connection.send(make(number)) }
        return Asked(number: number, due: due, death: death)
    }

    /// Waits for the answer to `asked`, or for the process's death, as ``request(_:)`` says.
    nonisolated(nonsending) private func answer(to asked: Asked) async -> Outcome {
        let number = asked.number
        if let death = asked.death { return .stopped(death) }
        if let answer = readAnswer(to: number) { return .answered(answer) }
        // From now on the poller reads its answer, and stops the process when it is overdue.
        scheduleDue()
        return await withCheckedContinuation { (continuation: CheckedContinuation<Outcome, Never>) in
            let outcome = state.withLock { state -> Outcome? in
                guard let waiting = state.pending[number] else {
                    // Answered by the process's death, which the reader records with the entries' end.
                    return state.death.map(Outcome.stopped)
                }
                if let answer = waiting.answer {
                    state.pending[number] = nil
                    return .answered(answer)
                }
                state.pending[number]?.continuation = continuation
                return nil
            }
            if let outcome { continuation.resume(returning: outcome) }
        }
    }

    /// Reads the socket on the caller's thread until the answer to `request` comes, within
    /// ``waitOnCaller``, handing on whatever else comes meanwhile; `nil` when it has not come.
    private func readAnswer(to request: Int) -> WireMessage? {
        let end = ContinuousClock.now + Self.waitOnCaller
        // The poller, which leaves the socket to this thread while it reads, watches it again after.
        defer { if let watch = state.withLock({ $0.watch }) { DescriptorPoller.shared?.arm(watch) } }
        return reading.withLock { frames -> WireMessage? in
            while true {
                let answer = state.withLock { state -> WireMessage? in
                    guard let answer = state.pending[request]?.answer else { return nil }
                    state.pending[request] = nil
                    return answer
                }
                if let answer { return answer }
                // Each wait ends with the socket's receive timeout, ``waitOnCaller``.
                guard ContinuousClock.now < end, connection.waitInRead() else { return nil }
                guard case .open = read(into: &frames) else { return nil }
            }
        }
    }

    /// Reads what the socket holds into `frames` and hands on each message that came whole: the
    /// socket's end, and a frame that holds no message (which stops the process), end the reading.
    private func read(into frames: inout WireFrames) -> WireFrames.Read {
        let read = frames.read(from: connection)
        do throws(WireError) {
            while let message = try frames.next() { handOn(message) }
        } catch {
            stop(because: .brokeTheWire(error.description))
            return .closed
        }
        state.withLock { $0.frameBegun = frames.begun }
        return read
    }

    /// Ends the process, and what it started, at once; its end is then seen as any other.
    func stop() {
        process.end()
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

    /// The number of the first request a handle sends, the `hello` that names the files to serve:
    /// its answer, `ready` or `refused`, carries no number.
    private static let handshake = 1

    /// Waits, within the deadline, for the plugins to be ready: the answer to `hello`, the `hello`
    /// asked that names the files to serve (the first request, ``handshake``).
    nonisolated(nonsending) private func handshake(awaiting hello: Asked) async throws(IsolationError)
        -> IsolatedPlugin.Ready
    {
        switch await answer(to: hello) {
        case .stopped(let death) where death.timedOut:
            throw .cannotStart(reason: "its plugin was not ready within \(deadline)")
        case .stopped(let death):
            throw .endedBeforeReady(lastWords: death.lastWords, report: death.report)
        case .answered(
            .ready(let version, let plugins, let routes, let handlers, let interceptors, let fallback, let launch))
        where version == WireMessage.version && !plugins.isEmpty:
            // Its times are added and scaled for listings and traces: none may be one it could not have measured.
            // It was sent one deadline before it was due.
            if let problem = launch.problem(within: .now - (hello.due - deadline)) {
                let broke = "its ready's launch report cannot be true: \(problem)"
                stop(because: .brokeTheProtocol(broke))
                throw .cannotStart(reason: "it broke the wire's protocol: \(broke)")
            }
            return IsolatedPlugin.Ready(
                plugins: plugins, routes: routes, handlers: handlers, interceptors: interceptors, fallback: fallback,
                launch: launch)
        case .answered(.refused(let reason)):
            await end(within: deadline)
            throw .refused(reason: reason)
        case .answered:
            stop()
            throw .cannotStart(reason: "it does not speak version \(WireMessage.version) of the wire")
        }
    }

    /// Handles `event` of the socket, on the poller's thread: reads what came, unless a caller
    /// waiting on its own thread reads it (it arms the socket again as it lets go); stops the
    /// process when a request, or a frame begun, is overdue; and once the socket closed, records
    /// the process's end on a thread that may wait for it.
    private func handle(_ event: DescriptorPoller.Event) {
        guard let watch = state.withLock({ $0.watch }), let poller = DescriptorPoller.shared else { return }
        switch event {
        case .due:
            if let due = nextDue(), due <= .now { stop(because: .overdue) }
        case .readable:
            guard let read = reading.withLockIfAvailable({ read(into: &$0) }) else { return }
            guard case .closed = read else {
                poller.arm(watch)
                break
            }
            poller.forget(watch)
            let first = state.withLock { state in
                defer { state.closed = true }
                return !state.closed
            }
            if first { DispatchQueue.global().async { [self] in recordEnd() } }
            return
        }
        scheduleDue()
    }

    /// Has the poller call ``handle(_:)`` when the first request waiting, or the frame begun, is
    /// due.
    private func scheduleDue() {
        guard let watch = state.withLock({ $0.watch }) else { return }
        DescriptorPoller.shared?.schedule(watch, at: nextDue())
    }

    /// Records the process's end, once its socket closed: waits for it to end and reaps it, then
    /// answers every request still waiting with its death.
    private func recordEnd() {
        connection.shutDown()
        var death = process.end(within: deadline)
        let waiting = state.withLock { state in
            switch state.stoppedBecause {
            case .overdue: death.timedOut = true
            case .brokeTheWire(let reason):
                death.lastWords = "it sent what is no message of the wire (\(reason)), so its process was stopped"
            case .brokeTheProtocol(let reason):
                death.lastWords = "it broke the wire's protocol: \(reason); so its process was stopped"
            case nil: break
            }
            state.death = death
            defer { state.pending = [:] }
            return state.pending.values
        }
        for request in waiting { request.continuation?.resume(returning: .stopped(death)) }
        let handlers = state.withLock { state in
            defer { state.whenEnded = [] }
            return state.whenEnded
        }
        for handler in handlers { handler(self, death) }
    }

    /// When the first request still waiting for its answer is due, or the frame begun must have
    /// come whole, if either.
    private func nextDue() -> ContinuousClock.Instant? {
        state.withLock { state in
            // Once stopped, nothing more is due: it is ending.
            guard state.stoppedBecause == nil else { return nil }
            let request = state.pending.values.lazy.filter { $0.answer == nil }.map(\.due).min()
            let frame = state.frameBegun.map { $0 + deadline }
            return [request, frame].compactMap { $0 }.min()
        }
    }

    /// Hands `message` to the request waiting for it, or to the handler of the screen whose view
    /// model asked for navigation. What the process may not send — a message only the host sends,
    /// an answer to no request waiting (one never asked, or answered already), the handshake's
    /// answer again — stops it, named, and nothing it sent after is taken; navigations past its
    /// budget are dropped.
    private func handOn(_ message: WireMessage) {
        switch message {
        case .screen(let request, _), .failed(let request, _), .done(let request), .decision(let request, _):
            handAnswer(message, to: request)
        case .ready, .refused:
            handAnswer(message, to: Self.handshake)
        case .navigate(let screen, let navigation):
            typealias Handling = (
                handler: (@Sendable (WireNavigation) -> Void)?, allowed: Bool, tell: (@Sendable (String) -> Void)?
            )
            let (handler, allowed, tell) = state.withLock { state -> Handling in
                // Nothing more is taken from a process stopped for what it did.
                guard state.stoppedBecause == nil else { return (nil, false, nil) }
                let allowed = state.navigations.take()
                defer { if !allowed { state.whenOverLimit = nil } }
                return (state.navigation[screen], allowed, allowed ? nil : state.whenOverLimit)
            }
            tell?("asked for more than \(UnaskedBudget.navigations) navigations a second; those past that are dropped")
            if allowed { handler?(navigation) }
        default:
            // (Of one stopped already, the first reason stands.)
            stop(because: .brokeTheProtocol("it sent a '\(message.name)' message, which only the host sends"))
        }
    }

    /// Hands `message`, the answer to the request numbered `request`, to its caller; an answer to
    /// no request waiting stops the process.
    private func handAnswer(_ message: WireMessage, to request: Int) {
        let (resumed, waited) = state.withLock { state -> (CheckedContinuation<Outcome, Never>?, Bool) in
            // Nothing more is taken from a process stopped for what it did, not even an answer it
            // sent before the host saw that: its callers hear of its stop.
            guard state.stoppedBecause == nil else { return (nil, true) }
            guard let waiting = state.pending[request], waiting.answer == nil else { return (nil, false) }
            guard let continuation = waiting.continuation else {
                // Its caller waits on its own thread, and takes it from there.
                state.pending[request]?.answer = message
                return (nil, true)
            }
            state.pending[request] = nil
            return (continuation, true)
        }
        guard waited else {
            let asked =
                request == Self.handshake ? "its hello, answered already" : "request \(request), which no one waits on"
            return stop(because: .brokeTheProtocol("it sent a '\(message.name)' message in answer to \(asked)"))
        }
        resumed?.resume(returning: .answered(message))
    }

    /// Calls `handler`, once, when the process first asks for more navigations than it may: the
    /// navigations past its budget are dropped.
    func whenOverLimit(_ handler: @escaping @Sendable (String) -> Void) {
        state.withLock { $0.whenOverLimit = handler }
    }

    /// Stops the process for `reason` (the first one given stands): its end is then seen as any
    /// other, and every request waiting is answered with it.
    private func stop(because reason: HostStop) {
        let first = state.withLock { state in
            defer { state.stoppedBecause = state.stoppedBecause ?? reason }
            return state.stoppedBecause == nil
        }
        guard first else { return }
        // Its end, which may take a moment, is waited for on a thread of Dispatch's, not on the
        // poller's.
        if case .overdue = reason {
            // It hangs: where each of its threads is goes into its report first, its connection
            // open meanwhile (the process ends as soon as it sees it close).
            DispatchQueue.global().async { [self] in process.endWritingThreads(within: Self.writingThreads) }
            return
        }
        // Its connection is closed at once: the poller sees the end even while a process it
        // started holds the socket open.
        connection.shutDown()
        DispatchQueue.global().async { [self] in stop() }
    }

    /// How long a process that hangs has to write where its threads are before it is ended.
    static let writingThreads: Duration = .seconds(5)

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

internal import Glibc

/// A plugin, or a group of plugins that need one another, running in a plugin process of its
/// own, which the host starts: a trap in their code ends that process, not the host. Their routes
/// are registered in the host as proxies (``register(into:)``) whose screens show what the plugin
/// process renders, forward the actions taken, and follow the navigation its view models ask
/// for. When the process dies, the plugins are stopped: their screens say so, with the Swift
/// runtime's last words, and their next use starts a new process.
///
/// ```swift
/// let notes = try await IsolatedPlugin.start(files: ["plugins/libNotes.so"], command: [hostPath, "plugin-process"])
/// try notes.register(into: .shared)
/// try await navigator.open("app://notes")  // rendered in the plugin process
/// ```
public final class IsolatedPlugin: Sendable {
    /// The plugin files, in load order.
    ///
    /// ```swift
    /// notes.files  // ["plugins/libNotes.so"]
    /// ```
    public let files: [String]
    /// What its processes may do beyond running their code, to which each confines itself before
    /// it loads the plugins; `nil` when they are not confined (the host trusts the plugins, and
    /// isolates them against their faults alone).
    ///
    /// ```swift
    /// notes.confinement?.reads  // ["/home/ann/notes"]
    /// ```
    public let confinement: ProcessConfinement?
    /// The plugins, in the order of their files, as their process reported them.
    ///
    /// ```swift
    /// notes.plugins.map(\.name)  // ["Notes"]
    /// ```
    public var plugins: [WirePlugin] {
        lastReady.withLock { $0.plugins }
    }
    /// The routes its process serves.
    ///
    /// ```swift
    /// notes.routes.map(\.pattern)  // ["app://notes", "app://notes/:id"]
    /// ```
    public let routes: [WireRoute]
    /// The events its modules handle.
    ///
    /// ```swift
    /// notes.handlers.map(\.event)  // ["background"]
    /// ```
    public let handlers: [WireHandler]
    /// Its modules' interceptors, which guard the host's routes through their proxies.
    ///
    /// ```swift
    /// notes.interceptors.map(\.module)  // ["NotesPlugin.NotesModule"]
    /// ```
    public let interceptors: [WireInterceptor]
    /// The module whose fallback serves the URLs no route matches, if one of its modules registered it.
    ///
    /// ```swift
    /// notes.fallback  // "NotesPlugin.NotesModule"
    /// ```
    public let fallback: String?
    /// How long a request may take before the plugin is taken for hung: its process is stopped,
    /// and the plugin treated as crashed.
    ///
    /// ```swift
    /// notes.deadline  // .seconds(5)
    /// ```
    public let deadline: Duration
    /// The deadline of a request when the host names none: 5 seconds, as Android allows an app
    /// to answer input.
    ///
    /// ```swift
    /// IsolatedPlugin.defaultDeadline  // .seconds(5)
    /// ```
    public static let defaultDeadline: Duration = .seconds(5)
    private let command: [String]
    private let current: PosixMutex<PluginProcessHandle?>
    /// The start of a new process under way (once the last stopped, or to replace it), which every
    /// request that needs the process waits for.
    private let starting = PosixMutex<OutcomeWait<PluginProcessHandle, IsolationError>?>(nil)
    /// What the last plugin process started reported.
    private let lastReady: PosixMutex<Ready>
    /// How each process that no longer serves ended, by process ID — a stop, or an end the host
    /// chose (replaced, terminated, discarded), recorded before it came and never reported —
    /// and the last stop.
    private let ends = PosixMutex<(byProcess: [Int32: IsolationError], lastStop: IsolationError?, lastProcess: Int32?)>(
        ([:], nil, nil))
    /// Held while a stop is recorded and reported.
    private let reporting = PosixLock()
    private let onStop: @Sendable (IsolationError) -> Void
    private let onOutput: @Sendable (_ plugin: String?, _ line: String) -> Void
    private let restarts: PosixMutex<RestartPolicy>
    private let now: @Sendable () -> ContinuousClock.Instant

    /// Has a plugin process of `command` (an executable and its arguments; never a shell) serve
    /// `files`, and waits until its plugins are loaded and launched. The process is the one
    /// prepared ahead for `command`, or a new one when none is; either way, the next is
    /// prepared: a host that isolates plugins keeps one plugin process waiting.
    /// - Parameters:
    ///   - files: The plugin files, in load order: one plugin, or a group that needs one another
    ///     (``IsolationPlan/groups``); the plugin process checks each as any host does.
    ///   - command: What starts a plugin process: the executable that calls
    ///     ``PluginProcess/serve(descriptor:policy:)``, and its arguments.
    ///   - confinement: What its processes may do beyond running their code; by default nothing
    ///     (no data directory either: ``ProcessConfinement/init(granted:plugins:)`` names its plugins);
    ///     `nil` for processes not confined at all, for plugins trusted with all the host may do.
    ///   - deadline: How long any request may take (``defaultDeadline`` unless the host names another).
    ///   - restarts: When a stopped plugin starts again by itself (``RestartPolicy``).
    ///   - now: The clock's reading for `restarts` (a test's own clock, say).
    ///   - onStop: Told once of each process that stops, as soon as the host sees it end (its
    ///     crash report is in the error), before a request that met the stop returns, then, of
    ///     the stop after which the plugin stays stopped, of that
    ///     (``IsolationError/stoppedTooOften(plugin:name:stops:within:)``); and once
    ///     of each process that first sends more than it may (``IsolationError/overLimit(plugin:reason:)``:
    ///     what it sent past that was dropped, and it goes on).
    ///   - onOutput: Told each line its processes print to their standard output or error (what
    ///     the plugins `print`), without its newline, as it comes, on a thread of the host's, with
    ///     the plugin that printed it when a process of several plugins says (the one whose code
    ///     it ran for the host: a startup task, a request), else `nil`; a trap's message and
    ///     backtrace are kept for the crash report only.
    /// - Throws: ``IsolationError`` when the process cannot start or refuses the plugin.
    ///
    /// ```swift
    /// let notes = try await IsolatedPlugin.start(files: [path], command: ["/usr/bin/plugboard", "plugin-process"])
    /// ```
    nonisolated(nonsending) public static func start(
        files: [String], command: [String],
        confinement: ProcessConfinement? = ProcessConfinement(granted: [], plugins: []),
        deadline: Duration = defaultDeadline, restarts: RestartPolicy = RestartPolicy(),
        now: @escaping @Sendable () -> ContinuousClock.Instant = { .now },
        onStop: @escaping @Sendable (IsolationError) -> Void = { _ in },
        onOutput: @escaping @Sendable (_ plugin: String?, _ line: String) -> Void = { _, _ in }
    ) async throws(IsolationError) -> IsolatedPlugin {
        let (handle, ready) = try await PluginProcessHandle.start(
            command, files: files, confinement: confinement, deadline: deadline, onOutput: onOutput)
        return IsolatedPlugin(
            files: files, command: command, confinement: confinement, deadline: deadline, handle: handle, ready: ready,
            restarts: restarts,
            now: now, onStop: onStop, onOutput: onOutput)
    }

    private init(
        files: [String], command: [String], confinement: ProcessConfinement?, deadline: Duration,
        handle: PluginProcessHandle, ready: Ready,
        restarts: RestartPolicy, now: @escaping @Sendable () -> ContinuousClock.Instant,
        onStop: @escaping @Sendable (IsolationError) -> Void,
        onOutput: @escaping @Sendable (_ plugin: String?, _ line: String) -> Void
    ) {
        self.files = files
        self.confinement = confinement
        self.command = command
        self.deadline = deadline
        self.restarts = PosixMutex(restarts)
        self.now = now
        self.onStop = onStop
        self.onOutput = onOutput
        routes = ready.routes
        handlers = ready.handlers
        interceptors = ready.interceptors
        fallback = ready.fallback
        lastReady = PosixMutex(ready)
        current = PosixMutex(handle)
        watch(handle)
    }

    /// Has the stop of `handle`'s process reported as soon as it is seen, whether or not a
    /// request waits on it, and the first time it sends more than it may (``IsolationError/overLimit(plugin:reason:)``).
    private func watch(_ handle: PluginProcessHandle) {
        handle.whenEnded { [weak self] handle, death in _ = self?.stopped(handle, death) }
        handle.whenOverLimit { [weak self] reason in
            guard let self else { return }
            onStop(.overLimit(plugin: title, reason: reason))
        }
    }

    /// The plugins with their versions, as errors name them: `Notes 1.0.0`, or
    /// `Account 1.0.0 + Blog 1.0.0` for a group.
    ///
    /// ```swift
    /// print(notes.title)  // Notes 1.0.0
    /// ```
    public var title: String {
        plugins.map { "\($0.name) \($0.version)" }.joined(separator: " + ")
    }

    /// The plugins' names: `Notes`, or `Account + Blog` for a group.
    var names: String {
        plugins.map(\.name).joined(separator: " + ")
    }

    /// The launch of its startup tasks in the last plugin process started, each with its outcome
    /// and timings from that process's launch.
    ///
    /// ```swift
    /// for entry in notes.launch.entries { print(entry.name, entry.outcome) }
    /// ```
    public var launch: LaunchReport {
        lastReady.withLock { $0.launch }
    }

    /// The process ID of the plugin process running now, if one is.
    ///
    /// ```swift
    /// print(notes.processID.map(String.init) ?? "stopped")
    /// ```
    public var processID: Int32? {
        serving?.processID
    }

    /// The process ID of the plugin process prepared ahead for `command`, which waits to serve the
    /// next isolated plugin that starts (named `plugboard-spare` among the processes); `nil` while
    /// none is prepared (the next is being started, or none was asked for yet).
    ///
    /// ```swift
    /// IsolatedPlugin.preparedProcessID(for: command)  // 2059
    /// ```
    public static func preparedProcessID(for command: [String]) -> Int32? {
        SpareProcesses.processID(for: command)
    }

    /// Prepares a plugin process for `command` ahead, unless one is: the first isolated plugin that
    /// starts from `command` then takes it rather than wait for a process to start. A host that
    /// declares isolated plugins to start when first needed calls it at launch; starting one
    /// prepares the next by itself.
    ///
    /// ```swift
    /// IsolatedPlugin.prepareProcess(for: ["/usr/bin/plugboard", "plugin-process"])
    /// ```
    public static func prepareProcess(for command: [String]) {
        SpareProcesses.prepare(command)
    }

    /// Whether a stopped plugin starts again by itself when it is next used: false once it
    /// stopped as often as its ``RestartPolicy`` allows, until ``restart()``.
    ///
    /// ```swift
    /// print(notes.startsAgainWhenUsed ? "starts when next used" : "stopped until restarted")
    /// ```
    public var startsAgainWhenUsed: Bool {
        restarts.withLock { $0 }.startsAgain(at: now())
    }

    /// Why the plugin stopped last, if it did.
    ///
    /// ```swift
    /// if let death = notes.lastStop { print(death) }  // Notes 1.0.0 stopped: Fatal error: boom (…)
    /// ```
    public var lastStop: IsolationError? {
        ends.withLock { $0.lastStop }
    }

    /// The process ID of the plugin process that stopped last (``lastStop``), if one did: a crash
    /// report names it, beside the host's.
    ///
    /// ```swift
    /// notes.lastStoppedProcessID  // 2071
    /// ```
    public var lastStoppedProcessID: Int32? {
        ends.withLock { $0.lastProcess }
    }

    /// Sends the request `make` builds with its number, and waits for the screen it answers with
    /// within the deadline, starting a new plugin process first if the last one stopped.
    /// - Throws: ``IsolationError``: the plugin stopped (now, or before and could not start
    ///   again), did not answer in time (its process is then stopped), or could not serve it.
    /// A request about a screen already open goes to the process numbered `process`, which
    /// served it, and to no other: a new process knows other screens by the same numbers.
    /// - Throws: ``IsolationError``, as ``request(_:)`` does, and why `process` stopped when it
    ///   no longer runs.
    nonisolated(nonsending) func screen(
        _ make: @Sendable (Int) -> WireMessage, in process: Int32? = nil
    ) async throws(IsolationError) -> (WireScreen, process: Int32) {
        let handle: PluginProcessHandle
        if let process {
            guard let serving = running(process) else { throw stop(ofProcess: process) ?? answeredOutOfTurn }
            handle = serving
        } else {
            handle = try await running()
        }
        guard case .screen(_, let state) = try await answer(make, from: handle) else { throw answeredOutOfTurn }
        return (state, handle.processID)
    }

    /// The error for an answer that is not the one a request asks for.
    var answeredOutOfTurn: IsolationError {
        .failed(plugin: title, reason: "the plugin process answered out of turn")
    }

    /// Why the process `process` no longer runs, once it does not: a screen it served is then
    /// shown stopped, even after another process started in its place.
    func stop(ofProcess process: Int32) -> IsolationError? {
        guard running(process) == nil else { return nil }
        return ends.withLock { $0.byProcess[process] }
            ?? .stopped(plugin: title, lastWords: "the process that showed this screen has ended", report: "")
    }

    /// The plugin process numbered `process`, if it is the one running now.
    private func running(_ process: Int32) -> PluginProcessHandle? {
        serving.flatMap { $0.processID == process ? $0 : nil }
    }

    /// The plugin process, while it runs.
    private var serving: PluginProcessHandle? {
        current.withLock { $0 }.flatMap { $0.isRunning ? $0 : nil }
    }

    /// Sends the request `make` builds with its number, and waits for its answer within the
    /// deadline, starting a new plugin process first if the last one stopped.
    /// - Throws: ``IsolationError``, as ``screen(_:)`` does.
    nonisolated(nonsending) func request(
        _ make: @Sendable (Int) -> WireMessage
    ) async throws(IsolationError) -> WireMessage {
        try await answer(make, from: try await running())
    }

    /// The answer of `handle`'s process to the request `make` builds.
    nonisolated(nonsending) private func answer(
        _ make: @Sendable (Int) -> WireMessage, from handle: PluginProcessHandle
    ) async throws(IsolationError) -> WireMessage {
        switch await handle.request(make) {
        case .answered(.failed(_, let reason)): throw .failed(plugin: title, reason: reason)
        case .answered(let message): return message
        case .stopped(let death): throw stopped(handle, death)
        }
    }

    /// Terminates the plugin process's application, if a process runs (one that stopped is not
    /// started to be terminated), and waits within the deadline for it to have done so; then the
    /// process ends, and what it printed last is handed on before this returns. A process still
    /// serving another request (one that hangs, say) would run its shutdown work only once it
    /// answers: it is ended at once, and the request that waits on it hears that.
    func terminate() async {
        guard let handle = serving else { return }
        if handle.isServing {
            ending(handle, because: "ended with the host's application while it was still serving a request")
            await handle.end(within: .zero)
            return
        }
        _ = try? await answer({ .terminate(request: $0) }, from: handle)
        ending(handle, because: "ended with the host's application")
        await handle.end(within: deadline)
    }

    /// Asks the plugin process numbered `process` to drop its screen numbered `screen`, if it
    /// still runs.
    func release(screen: Int, in process: Int32) {
        running(process)?.send(.release(screen: screen))
    }

    /// Calls `handler` with each navigation request the screen numbered `screen` of the plugin
    /// process numbered `process` sends.
    func onNavigation(
        of screen: Int, in process: Int32, _ handler: @escaping @Sendable (WireNavigation) -> Void
    ) {
        running(process)?.onNavigation(of: screen, handler)
    }

    /// Starts a new plugin process now, unless one runs (or waits for the one starting), and forgets
    /// the stops of the last ones (``RestartPolicy``): what a person asks for after the plugin
    /// stopped too often.
    /// - Throws: ``IsolationError`` when the process cannot start or refuses the plugin.
    ///
    /// ```swift
    /// try await notes.restart()
    /// ```
    nonisolated(nonsending) public func restart() async throws(IsolationError) {
        restarts.withLock { $0.forgetStops() }
        _ = try await running()
    }

    /// Replaces the plugin process with a new one, which loads the plugin files as they are now (a
    /// new build, say): the new process starts first, then the old one's application terminates
    /// and the process ends. Its stops so far are forgotten. A start under way (a restart) ends
    /// first. Requests go on to the old process while it runs; those that find it stopped wait for
    /// the new one (or, when that cannot start, go on with the old one if it runs).
    /// - Throws: ``IsolationError`` when the new process cannot start, or its plugins serve other
    ///   routes or events than those registered (the old process then goes on).
    ///
    /// ```swift
    /// try await notes.replace()  // after a rebuild of libNotes.so
    /// ```
    nonisolated(nonsending) public func replace() async throws(IsolationError) {
        // After any start under way; the requests that find no process running wait for this one.
        let start = await claimedStart()
        let old = current.withLock { $0 }
        do {
            let handle = try await startProcess()
            restarts.withLock { $0.forgetStops() }
            finish(start, with: .success(handle))
        } catch {
            // Those requests go on with the old process, if it runs.
            finish(start, with: old.flatMap { $0.isRunning ? .success($0) : nil } ?? .failure(error))
            throw error
        }
        guard let old, old.isRunning else { return }
        ending(old, because: "replaced by a new build")
        _ = try? await answer({ .terminate(request: $0) }, from: old)
        old.stop()
    }

    /// Waits until no start of a process is under way, then makes a new start the one under way,
    /// which the requests that need the process wait for until it is finished
    /// (``finish(_:with:)``).
    nonisolated(nonsending) private func claimedStart() async -> OutcomeWait<PluginProcessHandle, IsolationError> {
        while true {
            let (start, claimed) = starting.withLock { starting in
                if let under = starting { return (under, false) }
                let start = OutcomeWait<PluginProcessHandle, IsolationError>()
                starting = start
                return (start, true)
            }
            if claimed { return start }
            _ = try? await start.value()
        }
    }

    /// Ends `start`, the start under way, with `outcome`, for the requests that wait for it.
    private func finish(
        _ start: OutcomeWait<PluginProcessHandle, IsolationError>,
        with outcome: Result<PluginProcessHandle, IsolationError>
    ) {
        starting.withLock { $0 = nil }
        start.finish(outcome)
    }

    /// Ends the plugin process at once, without reporting its end as a stop: for plugins the host
    /// started but did not take (their routes could not be registered, say).
    func discard() {
        guard let handle = current.withLock({ $0 }) else { return }
        ending(handle, because: "discarded by the host")
        handle.stop()
    }

    /// Records that `handle`'s process ends because the host chose so: its end is then not
    /// reported as a stop, and the screens it served say `lastWords`.
    private func ending(_ handle: PluginProcessHandle, because lastWords: String) {
        // A process the host stopped for what it did (past its deadline, say) reports that stop,
        // though its end may be recorded only after the host began to end it.
        guard !handle.wasStopped else { return }
        let end = IsolationError.stopped(plugin: title, lastWords: lastWords, report: "")
        ends.withLock { $0.byProcess[handle.processID] = end }
    }

    /// The plugin process running now, a new one if the last one stopped and the plugin may
    /// start again by itself: started once, however many ask for it meanwhile.
    nonisolated(nonsending) private func running() async throws(IsolationError) -> PluginProcessHandle {
        // Every request comes here: while the process runs, one look at it is all.
        if let handle = serving { return handle }
        let step = starting.withLock { starting -> StartStep in
            if let start = starting { return .wait(start) }
            if let handle = serving { return .running(handle) }
            let start = OutcomeWait<PluginProcessHandle, IsolationError>()
            starting = start
            return .start(start)
        }
        switch step {
        case .running(let handle):
            return handle
        case .wait(let start):
            return try await start.value()
        case .start(let start):
            let outcome: Result<PluginProcessHandle, IsolationError>
            do throws(IsolationError) {
                outcome = .success(try await startAgain())
            } catch {
                outcome = .failure(error)
            }
            finish(start, with: outcome)
            return try outcome.get()
        }
    }

    /// What a request that needs the plugin process finds: it runs, or one starts, which this
    /// request starts or waits for.
    private enum StartStep {
        case running(PluginProcessHandle)
        case start(OutcomeWait<PluginProcessHandle, IsolationError>)
        case wait(OutcomeWait<PluginProcessHandle, IsolationError>)
    }

    /// Starts a new plugin process in the place of the last, which stopped, if the plugin may
    /// start again by itself.
    nonisolated(nonsending) private func startAgain() async throws(IsolationError) -> PluginProcessHandle {
        if let stays = staysStopped { throw stays }
        return try await startProcess()
    }

    /// Why the plugin does not start again by itself, when it stopped too often to
    /// (``RestartPolicy``); `nil` while it does.
    var staysStopped: IsolationError? {
        let restarts = restarts.withLock { $0 }
        guard !restarts.startsAgain(at: now()) else { return nil }
        return .stoppedTooOften(plugin: title, name: plugins[0].name, stops: restarts.limit, within: restarts.window)
    }

    /// Starts a plugin process for ``files`` as they are now, and makes it the one that serves
    /// (its stop watched, what it reported kept).
    /// - Throws: ``IsolationError`` when it cannot start, or when its plugins (a new build, say)
    ///   serve other routes or events than those registered, which its proxies could not reach;
    ///   that process is stopped then.
    nonisolated(nonsending) private func startProcess() async throws(IsolationError) -> PluginProcessHandle {
        let (handle, ready) = try await PluginProcessHandle.start(
            command, files: files, confinement: confinement, deadline: deadline, onOutput: onOutput)
        guard ready.routes == routes, ready.handlers == handlers, ready.plugins.map(\.name) == plugins.map(\.name)
        else {
            handle.stop()
            throw .failed(
                plugin: title,
                reason: "its new build serves other plugins, routes or events than those registered; start the host "
                    + "again to take it")
        }
        current.withLock { $0 = handle }
        lastReady.withLock { $0 = ready }
        watch(handle)
        return handle
    }

    /// The error that says how `handle`'s process ended, as `death` describes it: a stop,
    /// reported once and kept as ``lastStop``, unless the host ended the process itself.
    private func stopped(_ handle: PluginProcessHandle, _ death: PluginProcessHandle.Death) -> IsolationError {
        let error: IsolationError =
            death.timedOut
            ? .notResponding(plugin: title, after: deadline, report: death.report)
            : .stopped(plugin: title, lastWords: death.lastWords, report: death.report)
        // The request that met the stop and the thread that read the process's end both come
        // here: whichever comes second returns once the first has reported it, so that a host
        // that goes on to end does not cut the report short.
        return reporting.withLock {
            let known = ends.withLock { ends -> IsolationError? in
                if let known = ends.byProcess[handle.processID] { return known }
                ends.byProcess[handle.processID] = error
                ends.lastStop = error
                ends.lastProcess = handle.processID
                return nil
            }
            if let known { return known }
            restarts.withLock { $0.recordStop(at: now()) }
            onStop(error)
            // The stop after which the plugin stays stopped says so, once.
            if let stays = staysStopped { onStop(stays) }
            return error
        }
    }

    /// What a plugin process reports once its plugins are ready.
    struct Ready {
        let plugins: [WirePlugin]
        let routes: [WireRoute]
        let handlers: [WireHandler]
        let interceptors: [WireInterceptor]
        let fallback: String?
        let launch: LaunchReport
    }
}

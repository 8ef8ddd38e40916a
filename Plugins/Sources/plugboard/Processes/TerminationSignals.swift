import Dispatch
import FoundationEssentials
import Glibc
import Plugboard
import Synchronization

/// Turns SIGINT and SIGTERM into an awaitable event, so the host can terminate the application
/// (terminate handlers, then shutdown work in reverse order) instead of dying mid-way. Only the
/// first is caught: a second one ends the process as usual.
final class TerminationSignals: @unchecked Sendable {
    // Safe to share: `sources` is written only in `init`; the received state is behind a mutex.
    private let sources: [any DispatchSourceSignal]
    private let state = Mutex<State>(State())

    private struct State {
        /// The first termination signal received, if one was.
        var name: String?
        var waiter: CheckedContinuation<String, Never>?
        /// What SIGINT does instead while a command that may be given up runs.
        var interrupt: (@Sendable () -> Void)?
        /// Whether a command that may be given up runs: from its start until the shell's thread
        /// takes its end, or its giving up.
        var commandRuns = false
        /// Whether a command was given up and the shell's thread has not taken it a moment later:
        /// a plugin's code holds that thread, so terminating would wait for it too.
        var stuck = false
    }

    /// How long a command's thread has to take its giving up before the host says that it cannot
    /// (plugin code holds the thread), and what the next signal does.
    static let givingUpTime: Duration = .seconds(1)

    init() {
        var sources: [any DispatchSourceSignal] = []
        let armed = DispatchSemaphore(value: 0)
        for number in [SIGINT, SIGTERM] {
            signal(number, SIG_IGN)
            let source = DispatchSource.makeSignalSource(signal: number, queue: .global())
            source.setRegistrationHandler { armed.signal() }
            sources.append(source)
        }
        self.sources = sources
        for (source, name) in zip(sources, ["SIGINT", "SIGTERM"]) {
            source.setEventHandler { [weak self] in self?.deliver(name) }
            source.resume()
        }
        // Dispatch arms a source on a thread of its own, a while after `resume`; until then the
        // signal is ignored. Returning only once both are armed means a signal sent after this
        // (say, once the host printed that it runs) is never lost. (Within a second: should
        // Dispatch never say so, the host still runs, as it did before it waited.)
        let deadline = DispatchTime.now() + .seconds(1)
        for _ in sources { _ = armed.wait(timeout: deadline) }
    }

    /// The name of the first termination signal received, if one was.
    var received: String? {
        state.withLock { $0.name }
    }

    /// The exit status after the signal `name`, as shells give it: 128 plus the signal's number
    /// (130 for SIGINT, 143 for SIGTERM).
    static func status(after name: String) -> Int32 {
        128 + (name == "SIGTERM" ? SIGTERM : SIGINT)
    }

    /// Waits for the first termination signal and returns its name.
    func next() async -> String {
        await withCheckedContinuation { continuation in
            let early = state.withLock { state -> String? in
                if let name = state.name { return name }
                state.waiter = continuation
                return nil
            }
            if let early { continuation.resume(returning: early) }
        }
    }

    private func deliver(_ name: String) {
        if name == "SIGINT", let interrupt = state.withLock({ $0.interrupt.take() }) {
            interrupt()
            Task.detached { [weak self] in
                try? await Task.sleep(for: Self.givingUpTime)
                self?.sayIfStuck()
            }
            return
        }
        let (first, waiter) = state.withLock { state -> (Bool, CheckedContinuation<String, Never>?) in
            guard state.name == nil, !state.stuck else { return (false, nil) }
            defer { state.waiter = nil }
            state.name = name
            return (true, state.waiter)
        }
        // A second signal ends the process at once, should terminating hang; so does the signal
        // after a command that could not be given up.
        guard first else {
            TerminalMode.restore()
            Terminal.error("Received \(name) again, quitting at once")
            // Without the exit handlers: they may wait for what the first signal left hanging.
            fflush(nil)
            _exit(Self.status(after: name))
        }
        waiter?.resume(returning: name)
    }

    /// Says, once the shell's thread has not taken a command's giving up within
    /// ``givingUpTime``, that the command cannot be given up and what the next signal does.
    private func sayIfStuck() {
        let stuck = state.withLock { state in
            state.stuck = state.commandRuns
            return state.stuck
        }
        guard stuck else { return }
        Terminal.error(
            "the command cannot be given up: a plugin's code runs on the shell's thread and has not returned (a "
                + "screen that loads or renders without end, say), and nothing can stop it there; Ctrl-C again quits "
                + "at once, without the plugins' shutdown work")
    }
}

extension TerminationSignals {
    /// Runs `work` so that SIGINT (Ctrl-C) gives it up instead of ending the process: the call
    /// then returns `nil` at once and `work`'s task is cancelled, to end when it will. Returns
    /// what `work` returned, when it ended first.
    @MainActor
    func givingUpOnInterrupt<Value: Sendable>(_ work: @escaping @MainActor () async -> Value) async -> Value? {
        let task = Task { @MainActor in await work() }
        let race = FirstOf<Value?>()
        let value = await withCheckedContinuation { continuation in
            race.setWaiter(continuation)
            state.withLock { state in
                state.interrupt = { race.finish(nil) }
                state.commandRuns = true
            }
            Task { race.finish(await task.value) }
        }
        state.withLock { state in
            (state.interrupt, state.commandRuns, state.stuck) = (nil, false, false)
        }
        if value == nil { task.cancel() }
        return value
    }

    /// For a command that launches `app` and then works with it: the first signal stops the launch
    /// while it runs (see ``stopLaunch(of:after:saying:)``); later, it terminates the application
    /// (terminate handlers, then shutdown work) and ends the process with the signal's status
    /// (``status(after:)``). Messages go to
    /// standard error, since standard output is the command's result.
    func stopOrTerminate(_ app: Application) {
        Task.detached {
            let name = await self.next()
            guard await !Self.stopLaunch(of: app, after: name, saying: Terminal.error) else { return }
            TerminalMode.restore()
            Terminal.error("Received \(name), terminating")
            await app.terminate()
            exit(Self.status(after: name))
        }
    }

    /// Stops the launch of `app` if it has not finished when the signal `name` arrived: its running
    /// tasks are cancelled and the rest skipped (all of them, when it had not begun), so the launch
    /// returns a cancelled report. Returns whether it had not finished.
    static func stopLaunch(
        of app: Application, after name: String, saying say: @escaping @Sendable (String) -> Void
    ) async -> Bool {
        await app.stopLaunch(announcing: { say("Received \(name), stopping the launch (again to quit at once)") })
    }
}

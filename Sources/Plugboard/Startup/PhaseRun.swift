internal import Synchronization

/// Runs the tasks of one phase: each as soon as its dependencies have finished, never before.
///
/// Ready tasks wait in a queue; a worker that finishes a task continues with one of the tasks that
/// became ready and queues the others. While the queue holds tasks, one more worker is always on
/// its way to it: an idle one woken, or a new one; when it arrives it takes a task and, if more
/// wait, sends for the next. A worker with nothing to do takes from the queue, else waits idle
/// until it is sent for or the phase ends. So a chain of tasks costs no task creation, independent
/// tasks run at the same time, and short tasks are mostly run by the workers already running,
/// without waking another thread for each. Scheduling state sits behind one mutex and no callback
/// runs while it is held.
final class PhaseRun: Sendable {
    /// How one task ended, and when: the report's entry without the task's own fields.
    struct Record: Sendable {
        var start: Duration = .zero
        var duration: Duration = .zero
        var outcome: LaunchReport.Outcome
    }

    private struct State {
        var pending: [Int]
        var blocked: [String?]
        var records: [Record?]
        var stopped: LaunchStop?
        let disabled: Set<String>
        var unresolved: Int
        var workers: [Task<Void, Never>] = []
        /// Ready tasks no worker has taken yet, first in first out from `queueStart`.
        var queue: [Int] = []
        var queueStart = 0
        /// Whether a worker was sent for the queue and has not looked at it yet.
        var searching = false
        /// Workers waiting idle; resumed with `true` to look at the queue, `false` to end.
        var idle: [UnsafeContinuation<Bool, Never>] = []
        var completion: CheckedContinuation<Void, Never>?
    }

    private let graph: StartupGraph
    private let members: [Int]
    private let origin: ContinuousClock.Instant
    private let progress: (@Sendable (LaunchReport.Entry) -> Void)?
    private let state: PosixMutex<State>
    /// Mirrors `state.stopped != nil`, so a worker checks it before each task without the lock.
    private let stopped = Atomic(false)

    /// Prepares the tasks of `phase`; `earlier` holds the outcomes of the earlier phases.
    init(
        graph: StartupGraph,
        phase: StartupPhase,
        earlier: [Record?],
        stoppedBy stop: LaunchStop?,
        disabled: Set<String>,
        origin: ContinuousClock.Instant,
        progress: (@Sendable (LaunchReport.Entry) -> Void)?
    ) {
        self.graph = graph
        self.origin = origin
        self.progress = progress
        members = graph.tasks.indices.filter { graph.tasks[$0].phase == phase }
        var pending = [Int](repeating: 0, count: graph.tasks.count)
        var blocked = [String?](repeating: nil, count: graph.tasks.count)
        for (task, name) in graph.missing where graph.tasks[task].phase == phase {
            blocked[task] = "depends on '\(name)', which no loaded module provides"
        }
        for task in members {
            for dependency in graph.dependencies[task] {
                if let done = earlier[dependency] {
                    if !done.outcome.isSuccess, blocked[task] == nil {
                        blocked[task] = "depends on '\(graph.tasks[dependency].name)', which \(done.outcome)"
                    }
                } else {
                    pending[task] += 1
                }
            }
        }
        state = PosixMutex(
            State(
                pending: pending, blocked: blocked, records: earlier, stopped: stop, disabled: disabled,
                unresolved: members.count
            )
        )
        stopped.store(stop != nil, ordering: .relaxed)
    }

    /// Runs the phase; returns every task's entry (earlier phases included) and what stopped the
    /// launch, if anything did.
    func run() async -> (records: [Record?], stop: LaunchStop?) {
        var skipped: [Int] = []
        var ready: [Int] = []
        let searcher = state.withLock { state in
            // A skipped task resolves its dependents at once, so check each task is still unresolved.
            for task in members where state.pending[task] == 0 && state.records[task] == nil {
                Self.resolve(task, in: &state, graph: graph, ready: &ready, skipped: &skipped)
            }
            state.queue = ready
            return Self.sendForQueue(&state)
        }
        report(skipped)
        await withTaskCancellationHandler {
            await withCheckedContinuation { (completion: CheckedContinuation<Void, Never>) in
                let done = state.withLock { state in
                    guard state.unresolved > 0 else { return true }
                    state.completion = completion
                    return false
                }
                if done {
                    completion.resume()
                } else {
                    send(searcher)
                }
            }
        } onCancel: {
            stop(.cancelled)
        }
        return state.withLock { ($0.records, $0.stopped) }
    }

    /// Tells the progress callback, if any, about tasks that ended.
    private func report(_ tasks: [Int]) {
        guard let progress else { return }
        let records = state.withLock { state in tasks.map { state.records[$0] } }
        for (task, record) in zip(tasks, records) {
            if let record { progress(LaunchReport.Entry(graph.tasks[task], record)) }
        }
    }

    /// Starts a worker sent for the queue, registered so that a stop cancels it.
    private func startWorker() {
        let worker = Task { await self.work() }
        // A stop that came between creating and registering the worker cancels it here.
        let stopped = state.withLock { state in
            state.workers.append(worker)
            return state.stopped != nil
        }
        if stopped { worker.cancel() }
    }

    /// Records why the launch stopped (unless something already stopped it) and cancels every
    /// running worker.
    func stop(_ reason: LaunchStop) {
        stopped.store(true, ordering: .relaxed)
        let (workers, idle) = state.withLock { state in
            if state.stopped == nil { state.stopped = reason }
            defer { state.idle.removeAll() }
            return (state.workers, state.idle)
        }
        // Nothing becomes ready after a stop, so idle workers end.
        for worker in idle { worker.resume(returning: false) }
        for worker in workers { worker.cancel() }
    }

    /// Who is sent for the queue: an idle worker, or a new one.
    private enum Searcher {
        case idle(UnsafeContinuation<Bool, Never>)
        case new
    }

    /// Takes a queued task, then keeps running one newly ready dependent at a time, or a queued
    /// task, waiting idle when there is none until it is sent for again or the phase ends.
    private func work() async {
        var current = takeQueued()
        var ready: [Int] = []
        var skipped: [Int] = []
        var ended: [UnsafeContinuation<Bool, Never>] = []
        while true {
            guard let task = current else {
                guard await waitIdle() else { return }
                current = takeQueued()
                continue
            }
            let record = await execute(task)
            progress?(LaunchReport.Entry(graph.tasks[task], record))
            ready.removeAll(keepingCapacity: true)
            skipped.removeAll(keepingCapacity: true)
            let (failure, next, searcher) = state.withLock { state -> (LaunchReport.Failure?, Int?, Searcher?) in
                var failure: LaunchReport.Failure?
                if !record.outcome.isSuccess, graph.tasks[task].isRequired, state.stopped == nil {
                    let failed = graph.tasks[task]
                    failure = LaunchReport.Failure(task: failed.name, owner: failed.owner, outcome: record.outcome)
                    state.stopped = failure.map(LaunchStop.failed)
                }
                state.records[task] = record
                state.unresolved -= 1
                Self.release(dependentsOf: task, in: &state, graph: graph, ready: &ready, skipped: &skipped)
                if ready.count > 1 { state.queue += ready[1...] }
                let next = ready.first ?? Self.dequeue(&state)
                if state.unresolved == 0 {
                    ended = state.idle
                    state.idle.removeAll()
                    state.completion?.resume()
                    state.completion = nil
                }
                return (failure, next, Self.sendForQueue(&state))
            }
            send(searcher)
            for worker in ended { worker.resume(returning: false) }
            ended.removeAll()
            if let failure { stop(.failed(failure)) }
            if !skipped.isEmpty { report(skipped) }
            current = next
        }
    }

    /// Takes a queued task for a worker that was sent for the queue, if another worker has not
    /// taken them all, and sends for the next worker if more wait.
    private func takeQueued() -> Int? {
        let (task, searcher) = state.withLock { state in
            state.searching = false
            let task = Self.dequeue(&state)
            return (task, Self.sendForQueue(&state))
        }
        send(searcher)
        return task
    }

    /// The first queued task, if any.
    private static func dequeue(_ state: inout State) -> Int? {
        guard state.queueStart < state.queue.count else { return nil }
        let task = state.queue[state.queueStart]
        state.queueStart += 1
        if state.queueStart == state.queue.count {
            state.queue.removeAll(keepingCapacity: true)
            state.queueStart = 0
        }
        return task
    }

    /// A worker to send for the queue, when tasks wait there and no worker is on its way.
    private static func sendForQueue(_ state: inout State) -> Searcher? {
        guard state.queueStart < state.queue.count, !state.searching else { return nil }
        state.searching = true
        return state.idle.popLast().map(Searcher.idle) ?? .new
    }

    /// Wakes or starts the worker sent for the queue.
    private func send(_ searcher: Searcher?) {
        switch searcher {
        case .idle(let worker)?: worker.resume(returning: true)
        case .new?: startWorker()
        case nil: break
        }
    }

    /// Waits idle until sent for (`true`), or until the phase ends or stops (`false`).
    private func waitIdle() async -> Bool {
        await withUnsafeContinuation { (worker: UnsafeContinuation<Bool, Never>) in
            let over = state.withLock { state in
                guard state.unresolved > 0, state.stopped == nil else { return true }
                state.idle.append(worker)
                return false
            }
            if over { worker.resume(returning: false) }
        }
    }

    /// Counts down the dependents of `task`; appends those ready to run to `ready`.
    private static func release(
        dependentsOf task: Int,
        in state: inout State,
        graph: StartupGraph,
        ready: inout [Int],
        skipped: inout [Int]
    ) {
        var blockReason: String?
        if let outcome = state.records[task]?.outcome, !outcome.isSuccess {
            blockReason = "depends on '\(graph.tasks[task].name)', which \(outcome)"
        }
        for dependent in graph.dependents[task] where state.pending[dependent] > 0 {
            if let blockReason, state.blocked[dependent] == nil {
                state.blocked[dependent] = blockReason
            }
            state.pending[dependent] -= 1
            if state.pending[dependent] == 0 {
                resolve(dependent, in: &state, graph: graph, ready: &ready, skipped: &skipped)
            }
        }
    }

    /// A task whose dependencies are resolved: appended to `ready`, or skipped and recorded (and
    /// its own dependents released in turn).
    private static func resolve(
        _ task: Int,
        in state: inout State,
        graph: StartupGraph,
        ready: inout [Int],
        skipped: inout [Int]
    ) {
        let reason: String
        if let stop = state.stopped {
            reason = stop.skipReason
        } else if !state.disabled.isEmpty, state.disabled.contains(graph.tasks[task].owner.module) {
            reason = "module \(graph.tasks[task].owner.module) is disabled"
        } else if let blocked = state.blocked[task] {
            reason = blocked
        } else {
            ready.append(task)
            return
        }
        state.records[task] = Record(outcome: .skipped(reason: reason))
        state.unresolved -= 1
        skipped.append(task)
        release(dependentsOf: task, in: &state, graph: graph, ready: &ready, skipped: &skipped)
    }

    nonisolated(nonsending) private func execute(_ index: Int) async -> Record {
        if stopped.load(ordering: .relaxed), let stop = state.withLock({ $0.stopped }) {
            return Record(outcome: .skipped(reason: stop.skipReason))
        }
        let body = graph.tasks[index].body
        let started = ContinuousClock.now
        let outcome: LaunchReport.Outcome
        if let limit = graph.tasks[index].timeout {
            switch await TimeoutRace.run(body, limit: limit) {
            case .finished: outcome = .succeeded
            case .threw(let reason, let cancelled):
                outcome = cancelled ? .cancelled(reason: "the launch stopped") : .failed(reason: reason)
            case .timedOut: outcome = .timedOut(after: limit)
            case .cancelled: outcome = .cancelled(reason: "the launch stopped")
            }
        } else {
            do {
                try await body()
                outcome = .succeeded
            } catch {
                outcome = Task.isCancelled ? .cancelled(reason: "the launch stopped") : .failed(reason: "\(error)")
            }
        }
        let ended = ContinuousClock.now
        return Record(start: started - origin, duration: ended - started, outcome: outcome)
    }
}

extension LaunchReport.Entry {
    /// The entry of `task`, which ended as `record` says.
    init(_ task: StartupTask, _ record: PhaseRun.Record) {
        self.init(
            name: task.name, owner: task.owner, phase: task.phase, isMainActor: task.isMainActor,
            isRequired: task.isRequired, dependencies: task.dependencies, start: record.start,
            duration: record.duration, outcome: record.outcome
        )
    }
}

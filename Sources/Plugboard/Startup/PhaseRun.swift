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
///
/// One watch (``LaunchWatch``) looks at the running tasks now and then: it names those that run
/// long, and gives up on a task past its deadline, or one that has not ended a moment after the
/// launch stopped, so that the phase ends without it. Its worker is cancelled and left to end
/// when it will; what it does then is not recorded.
final class PhaseRun: Sendable {
    /// How one task ended, and when: the report's entry without the task's own fields.
    struct Record: Sendable {
        var start: Duration = .zero
        var duration: Duration = .zero
        var outcome: LaunchReport.Outcome
    }

    /// What the phase ended with.
    struct Result: Sendable {
        /// Every task's record, earlier phases included.
        var records: [Record?]
        /// What stopped the launch, if anything did.
        var stop: LaunchStop?
        /// The required tasks whose failure quarantined their plugin (under
        /// ``LaunchPolicy/quarantine``) rather than stopping the launch.
        var failures: [LaunchReport.Failure]
    }

    private struct State {
        var pending: [Int]
        var blocked: [String?]
        var records: [Record?]
        var stopped: LaunchStop?
        /// Modules whose tasks do not run, with the reason: disabled or quarantined.
        var excluded: [String: String]
        var failures: [LaunchReport.Failure] = []
        var unresolved: Int
        /// The workers, by number.
        var workers: [Task<Void, Never>] = []
        /// When each running task began, and the worker running it.
        var running: [(since: ContinuousClock.Instant, worker: Int)?]
        /// Ready tasks no worker has taken yet, first in first out from `queueStart`.
        var queue: [Int] = []
        var queueStart = 0
        /// Whether a worker was sent for the queue and has not looked at it yet.
        var searching = false
        /// Workers waiting idle; resumed with `true` to look at the queue, `false` to end.
        var idle: [UnsafeContinuation<Bool, Never>] = []
        var completion: CheckedContinuation<Void, Never>?
        var watch: LaunchWatch.State
    }

    private let graph: StartupGraph
    private let members: [Int]
    private let origin: ContinuousClock.Instant
    private let policy: LaunchPolicy
    private let state: PosixMutex<State>
    /// Mirrors `state.stopped != nil`, so a worker checks it before each task without the lock.
    private let stopped = Atomic(false)
    /// How many tasks the watch gave up on, so that a worker whose task ended asks whether it was
    /// one of them only when there are any.
    private let givenUp = Atomic(0)

    /// Prepares the tasks of `phase`; `earlier` holds the outcomes of the earlier phases, and
    /// `excluded` the modules whose tasks do not run, with the reason.
    init(
        graph: StartupGraph,
        phase: StartupPhase,
        earlier: [Record?],
        stoppedBy stop: LaunchStop?,
        excluded: [String: String],
        origin: ContinuousClock.Instant,
        policy: LaunchPolicy
    ) {
        self.graph = graph
        self.origin = origin
        self.policy = policy
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
                pending: pending, blocked: blocked, records: earlier, stopped: stop, excluded: excluded,
                unresolved: members.count, running: Array(repeating: nil, count: graph.tasks.count),
                watch: LaunchWatch.State(start: .now)
            )
        )
        stopped.store(stop != nil, ordering: .relaxed)
    }

    /// Runs the phase, and returns when every task of it ended, was skipped or was given up on.
    /// It waits on its caller's actor: the tasks run on the pool either way, and a phase with
    /// nothing to run costs no hop.
    nonisolated(nonsending) func run() async -> Result {
        var skipped: [Int] = []
        var ready: [Int] = []
        let (searcher, nothingToRun) = state.withLock { state in
            // A skipped task resolves its dependents at once, so check each task is still unresolved.
            for task in members where state.pending[task] == 0 && state.records[task] == nil {
                resolve(task, in: &state, ready: &ready, skipped: &skipped)
            }
            state.queue = ready
            if state.unresolved > 0 { watch(until: state.watch.start + LaunchWatch.tick, in: &state) }
            return (Self.sendForQueue(&state), state.unresolved == 0)
        }
        report(skipped)
        if nothingToRun {
            // Nothing to wait for, so no wait: the handler's operation would run on the pool.
            if Task.isCancelled { stop(.cancelled) }
        } else {
            await wait(for: searcher)
        }
        return state.withLock { state in
            state.watch.sleeper?.cancel()
            return Result(records: state.records, stop: state.stopped, failures: state.failures)
        }
    }

    /// Sends `searcher` for the queue and waits until every task of the phase ended, was skipped
    /// or was given up on; cancelling the waiting task stops the phase.
    private func wait(for searcher: Searcher?) async {
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
    }

    /// Tells the progress callback, if any, about tasks that ended.
    private func report(_ tasks: [Int]) {
        guard let progress = policy.progress else { return }
        let records = state.withLock { state in tasks.map { state.records[$0] } }
        for (task, record) in zip(tasks, records) {
            if let record { progress(LaunchReport.Entry(graph.tasks[task], record)) }
        }
    }

    /// Starts a worker sent for the queue, registered so that a stop cancels it.
    private func startWorker() {
        state.withLock { state in
            let number = state.workers.count
            let worker = Task { await self.work(number) }
            state.workers.append(worker)
            if state.stopped != nil { worker.cancel() }
        }
    }

    /// Records why the launch stopped (unless something already stopped it) and cancels every
    /// running worker; a task still running a moment later is given up on.
    func stop(_ reason: LaunchStop) {
        stopped.store(true, ordering: .relaxed)
        let (workers, idle) = state.withLock { state in
            if state.stopped == nil { state.stopped = reason }
            // (A required task's failure records the stop itself, before it calls this.)
            if state.watch.giveUp == nil {
                let giveUp = ContinuousClock.now + LaunchWatch.stopGrace
                state.watch.giveUp = giveUp
                if state.unresolved > 0 { watch(until: giveUp, in: &state) }
            }
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

    /// What a task's end changes beyond the state: callbacks and wake-ups, made once the lock is
    /// released.
    private struct Ending {
        var searcher: Searcher?
        var ended: [UnsafeContinuation<Bool, Never>] = []
        var failure: LaunchReport.Failure?
        /// The phase's caller, when this was the phase's last task.
        var completion: CheckedContinuation<Void, Never>?
    }

    /// Takes a queued task, then keeps running one newly ready dependent at a time, or a queued
    /// task, waiting idle when there is none until it is sent for again or the phase ends.
    private func work(_ number: Int) async {
        var current = takeQueued(by: number, at: .now)
        var ready: [Int] = []
        var skipped: [Int] = []
        while true {
            guard let task = current else {
                guard await waitIdle() else { return }
                current = takeQueued(by: number, at: .now)
                continue
            }
            let (record, ended) = await execute(task)
            // Told before the task is recorded, so that the phase cannot end before it is told;
            // a task given up on was told of then.
            let wasGivenUp =
                givenUp.load(ordering: .relaxed) > 0 && state.withLock { state in state.records[task] != nil }
            if !wasGivenUp { policy.progress?(LaunchReport.Entry(graph.tasks[task], record)) }
            ready.removeAll(keepingCapacity: true)
            skipped.removeAll(keepingCapacity: true)
            let result = state.withLock { state -> (Ending, next: Int?)? in
                // Given up on while it ran: the phase went on without it, and this worker ends.
                guard state.records[task] == nil else { return nil }
                var ending = finish(task, as: record, in: &state, ready: &ready, skipped: &skipped)
                if ready.count > 1 { state.queue += ready[1...] }
                let next = ready.first ?? Self.dequeue(&state)
                if let next { begin(next, by: number, at: ended, in: &state) }
                ending.searcher = Self.sendForQueue(&state)
                return (ending, next)
            }
            guard let (ending, next) = result else { return }
            apply(ending, skipped: skipped)
            current = next
        }
    }

    /// Records how `task` ended and resolves its dependents; a required task's failure stops the
    /// launch, or quarantines its plugin under ``LaunchPolicy/quarantine``.
    private func finish(
        _ task: Int, as record: Record, in state: inout State, ready: inout [Int], skipped: inout [Int]
    ) -> Ending {
        var ending = Ending()
        if !record.outcome.isSuccess, graph.tasks[task].isRequired, state.stopped == nil {
            let failed = graph.tasks[task]
            let failure = LaunchReport.Failure(task: failed.name, owner: failed.owner, outcome: record.outcome)
            if let quarantine = policy.quarantine {
                let modules = quarantine(failure)
                state.failures.append(failure)
                state.excluded.merge(modules.mapValues(Quarantine.skipReason)) { first, _ in first }
            } else {
                ending.failure = failure
                state.stopped = .failed(failure)
            }
        }
        state.records[task] = record
        state.running[task] = nil
        state.unresolved -= 1
        release(dependentsOf: task, in: &state, ready: &ready, skipped: &skipped)
        if state.unresolved == 0 {
            ending.ended = state.idle
            state.idle.removeAll()
            ending.completion = state.completion.take()
        }
        return ending
    }

    /// Wakes whom a task's end concerns, stops the launch if it failed it, and reports the tasks
    /// it skipped.
    private func apply(_ ending: Ending, skipped: [Int]) {
        send(ending.searcher)
        for worker in ending.ended { worker.resume(returning: false) }
        if let failure = ending.failure { stop(.failed(failure)) }
        if !skipped.isEmpty { report(skipped) }
        ending.completion?.resume()
    }

    /// Marks `task` as run by worker `number` from `now`; wakes the watch earlier if the task's
    /// deadline comes before its next look.
    private func begin(_ task: Int, by number: Int, at now: ContinuousClock.Instant, in state: inout State) {
        state.running[task] = (now, number)
        if let limit = graph.tasks[task].timeout ?? policy.deadline, now + limit < state.watch.wake {
            watch(until: now + limit, in: &state)
        }
    }

    /// Takes a queued task for a worker that was sent for the queue, if another worker has not
    /// taken them all, and sends for the next worker if more wait.
    private func takeQueued(by number: Int, at now: ContinuousClock.Instant) -> Int? {
        let (task, searcher) = state.withLock { state in
            state.searching = false
            let task = Self.dequeue(&state)
            if let task { begin(task, by: number, at: now, in: &state) }
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
    private func release(dependentsOf task: Int, in state: inout State, ready: inout [Int], skipped: inout [Int]) {
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
                resolve(dependent, in: &state, ready: &ready, skipped: &skipped)
            }
        }
    }

    /// A task whose dependencies are resolved: appended to `ready`, or skipped and recorded (and
    /// its own dependents released in turn).
    private func resolve(_ task: Int, in state: inout State, ready: inout [Int], skipped: inout [Int]) {
        let reason: String
        if let stop = state.stopped {
            reason = stop.skipReason
        } else if !state.excluded.isEmpty, let excluded = state.excluded[graph.tasks[task].owner.module] {
            reason = excluded
        } else if let blocked = state.blocked[task] {
            reason = blocked
        } else {
            ready.append(task)
            return
        }
        state.records[task] = Record(outcome: .skipped(reason: reason))
        state.unresolved -= 1
        skipped.append(task)
        release(dependentsOf: task, in: &state, ready: &ready, skipped: &skipped)
    }

    /// Runs the task's body; returns its record and when it ended.
    nonisolated(nonsending) private func execute(_ index: Int) async -> (Record, ended: ContinuousClock.Instant) {
        let started = ContinuousClock.now
        if stopped.load(ordering: .relaxed), let stop = state.withLock({ $0.stopped }) {
            return (Record(outcome: .skipped(reason: stop.skipReason)), started)
        }
        let outcome: LaunchReport.Outcome
        // Told only when asked (a plugin process notes whose code prints): else nothing is read.
        let running = policy.running.map { tell in (tell, graph.tasks[index].owner.module) }
        if let (tell, module) = running { tell(module, true) }
        defer { if let (tell, module) = running { tell(module, false) } }
        do {
            try await graph.tasks[index].body()
            outcome = .succeeded
        } catch {
            outcome = Task.isCancelled ? .cancelled(reason: "the launch stopped") : .failed(reason: "\(error)")
        }
        let ended = ContinuousClock.now
        return (Record(start: started - origin, duration: ended - started, outcome: outcome), ended)
    }
}

extension PhaseRun {
    /// Has the watch look at the running tasks at `instant`, instead of at its next look.
    private func watch(until instant: ContinuousClock.Instant, in state: inout State) {
        state.watch.wake = instant
        state.watch.sleeper?.cancel()
        state.watch.sleeper = Task {
            guard (try? await Task.sleep(until: instant, clock: .continuous)) != nil else { return }
            self.look()
        }
    }

    /// The watch's look at the running tasks: those past their deadline, or still running a
    /// moment after the launch stopped, are given up on; those that have run long are named to
    /// ``LaunchPolicy/stillRunning`` now and then.
    private func look() {
        let now = ContinuousClock.now
        var ready: [Int] = []
        var skipped: [Int] = []
        let (abandoned, endings, cancelled, running) = state.withLock { state in
            var abandoned: [(task: Int, record: Record)] = []
            var endings: [Ending] = []
            var cancelled: [Task<Void, Never>] = []
            var running: [LaunchReport.RunningTask] = []
            var next = now + LaunchWatch.tick
            for task in members {
                guard let (since, worker) = state.running[task] else { continue }
                let limit = graph.tasks[task].timeout ?? policy.deadline
                let deadline = limit.map { since + $0 }
                let outcome: LaunchReport.Outcome? =
                    if let deadline, deadline <= now, let limit {
                        .timedOut(after: limit)
                    } else if let giveUp = state.watch.giveUp, giveUp <= now {
                        .abandoned(after: now - since)
                    } else {
                        nil
                    }
                guard let outcome else {
                    if let deadline { next = min(next, deadline) }
                    if now - since >= LaunchWatch.noticeAfter {
                        running.append(LaunchReport.RunningTask(graph.tasks[task], for: now - since))
                    }
                    continue
                }
                let record = Record(start: since - origin, duration: now - since, outcome: outcome)
                givenUp.add(1, ordering: .relaxed)
                endings.append(finish(task, as: record, in: &state, ready: &ready, skipped: &skipped))
                abandoned.append((task, record))
                cancelled.append(state.workers[worker])
            }
            if let giveUp = state.watch.giveUp, giveUp > now { next = min(next, giveUp) }
            if ready.count > 0 { state.queue += ready }
            if var last = endings.popLast() {
                last.searcher = Self.sendForQueue(&state)
                endings.append(last)
            }
            if state.unresolved > 0 { watch(until: next, in: &state) }
            if now < state.watch.nextNotice || running.isEmpty {
                running = []
            } else {
                state.watch.nextNotice = now + LaunchWatch.noticeEvery
            }
            return (abandoned, endings, cancelled, running)
        }
        for worker in cancelled { worker.cancel() }
        if !running.isEmpty { policy.stillRunning?(running) }
        for (task, record) in abandoned { policy.progress?(LaunchReport.Entry(graph.tasks[task], record)) }
        if !skipped.isEmpty { report(skipped) }
        for ending in endings { apply(ending, skipped: []) }
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

internal import Synchronization

/// Runs the tasks of one phase: each as soon as its dependencies have finished, never before.
///
/// Workers are child tasks of one task group. A worker that finishes a task continues with one
/// of the tasks that became ready, and asks the group for new workers only for the others, so a
/// chain of tasks costs no task creation and independent tasks still run at the same time.
final class PhaseRun: Sendable {
    private enum Request: Sendable {
        case start(Int)
        case cancelRunning
    }

    private struct State {
        var pending: [Int]
        var blocked: [String?]
        var records: [Int: LaunchReport.Entry] = [:]
        var stopped: LaunchReport.Failure?
        var unresolved: Int
    }

    private let graph: StartupGraph
    private let members: [Int]
    private let origin: ContinuousClock.Instant
    private let progress: @Sendable (LaunchReport.Entry) -> Void
    private let state: Mutex<State>
    private let requests: AsyncStream<Request>.Continuation
    private let stream: AsyncStream<Request>

    /// Prepares the tasks of `phase`; `earlier` holds the outcomes of the earlier phases.
    init(
        graph: StartupGraph,
        phase: StartupPhase,
        earlier: [Int: LaunchReport.Entry],
        stoppedBy failure: LaunchReport.Failure?,
        origin: ContinuousClock.Instant,
        progress: @escaping @Sendable (LaunchReport.Entry) -> Void
    ) {
        self.graph = graph
        self.origin = origin
        self.progress = progress
        members = graph.tasks.indices.filter { graph.tasks[$0].phase == phase }
        var pending = [Int](repeating: 0, count: graph.tasks.count)
        var blocked = [String?](repeating: nil, count: graph.tasks.count)
        for task in members {
            for dependency in graph.dependencies[task] {
                if let done = earlier[dependency] {
                    if !done.outcome.isSuccess, blocked[task] == nil {
                        blocked[task] = "depends on '\(done.name)', which \(done.outcome)"
                    }
                } else {
                    pending[task] += 1
                }
            }
        }
        state = Mutex(State(pending: pending, blocked: blocked, stopped: failure, unresolved: members.count))
        (stream, requests) = AsyncStream.makeStream(of: Request.self)
    }

    /// Runs the phase and returns every member's entry, plus the failure that stopped it.
    func run() async -> (entries: [Int: LaunchReport.Entry], failure: LaunchReport.Failure?) {
        var skipped: [LaunchReport.Entry] = []
        let initial = state.withLock { state in
            var ready: [Int] = []
            for task in members where state.pending[task] == 0 {
                ready += Self.resolveReady(task, in: &state, graph: graph, skipped: &skipped)
            }
            return ready
        }
        skipped.forEach(progress)
        for task in initial { requests.yield(.start(task)) }
        if state.withLock({ $0.unresolved == 0 }) { requests.finish() }
        await withTaskGroup(of: Void.self) { group in
            for await request in stream {
                switch request {
                case .start(let task): group.addTask { await self.work(from: task) }
                case .cancelRunning: group.cancelAll()
                }
            }
        }
        return state.withLock { ($0.records, $0.stopped) }
    }

    /// Runs `first`, then keeps running one newly ready dependent at a time.
    private func work(from first: Int) async {
        var current: Int? = first
        while let task = current {
            let entry = await execute(task)
            progress(entry)
            var skipped: [LaunchReport.Entry] = []
            let (ready, stopNow, finished) = state.withLock { state in
                let wasRunning = state.stopped == nil
                if !entry.outcome.isSuccess, graph.tasks[task].isRequired, state.stopped == nil {
                    state.stopped = LaunchReport.Failure(task: entry.name, owner: entry.owner, outcome: entry.outcome)
                }
                state.records[task] = entry
                state.unresolved -= 1
                let ready = Self.release(dependentsOf: task, in: &state, graph: graph, skipped: &skipped)
                return (ready, wasRunning && state.stopped != nil, state.unresolved == 0)
            }
            skipped.forEach(progress)
            if stopNow { requests.yield(.cancelRunning) }
            current = ready.first
            for extra in ready.dropFirst() { requests.yield(.start(extra)) }
            if finished { requests.finish() }
        }
    }

    /// Decrements the dependents of `task`; returns those that are ready to run.
    private static func release(
        dependentsOf task: Int,
        in state: inout State,
        graph: StartupGraph,
        skipped: inout [LaunchReport.Entry]
    ) -> [Int] {
        var ready: [Int] = []
        var finished = [task]
        while let done = finished.popLast() {
            let record = state.records[done]
            for dependent in graph.dependents[done] where state.pending[dependent] > 0 {
                if let record, !record.outcome.isSuccess, state.blocked[dependent] == nil {
                    state.blocked[dependent] = "depends on '\(record.name)', which \(record.outcome)"
                }
                state.pending[dependent] -= 1
                guard state.pending[dependent] == 0 else { continue }
                let runnable = resolveReady(dependent, in: &state, graph: graph, skipped: &skipped)
                if runnable.isEmpty { finished.append(dependent) } else { ready += runnable }
            }
        }
        return ready
    }

    /// A task whose dependencies are resolved: runnable (returned), or skipped and recorded.
    private static func resolveReady(
        _ task: Int,
        in state: inout State,
        graph: StartupGraph,
        skipped: inout [LaunchReport.Entry]
    ) -> [Int] {
        let reason: String
        if let failure = state.stopped {
            reason = "the launch stopped: \(failure)"
        } else if let blocked = state.blocked[task] {
            reason = blocked
        } else {
            return [task]
        }
        let entry = makeEntry(graph.tasks[task], start: .zero, duration: .zero, outcome: .skipped(reason: reason))
        state.records[task] = entry
        state.unresolved -= 1
        skipped.append(entry)
        return []
    }

    private func execute(_ index: Int) async -> LaunchReport.Entry {
        let task = graph.tasks[index]
        let started = ContinuousClock.now
        if let failure = state.withLock({ $0.stopped }) {
            return Self.makeEntry(
                task, start: .zero, duration: .zero, outcome: .skipped(reason: "the launch stopped: \(failure)"))
        }
        let outcome: LaunchReport.Outcome
        if let limit = task.timeout {
            switch await TimeoutRace.run(task.body, limit: limit) {
            case .finished: outcome = .succeeded
            case .threw(let reason, let cancelled):
                outcome = cancelled ? .cancelled(reason: "the launch stopped") : .failed(reason: reason)
            case .timedOut: outcome = .timedOut(after: limit)
            case .cancelled: outcome = .cancelled(reason: "the launch stopped")
            }
        } else {
            do {
                try await task.body()
                outcome = .succeeded
            } catch {
                outcome = Task.isCancelled ? .cancelled(reason: "the launch stopped") : .failed(reason: "\(error)")
            }
        }
        return Self.makeEntry(task, start: started - origin, duration: ContinuousClock.now - started, outcome: outcome)
    }

    private static func makeEntry(
        _ task: StartupTask,
        start: Duration,
        duration: Duration,
        outcome: LaunchReport.Outcome
    ) -> LaunchReport.Entry {
        LaunchReport.Entry(
            name: task.name, owner: task.owner, phase: task.phase, isMainActor: task.isMainActor,
            isRequired: task.isRequired, dependencies: task.dependencies, start: start, duration: duration,
            outcome: outcome
        )
    }
}

/// Runs a task body against a time limit without waiting for a body that ignores cancellation.
final class TimeoutRace: Sendable {
    enum Ending: Sendable {
        case finished
        case threw(String, cancelled: Bool)
        case timedOut
        case cancelled
    }

    private let continuation = PosixMutex<CheckedContinuation<Ending, Never>?>(nil)
    private let tasks = PosixMutex<[Task<Void, Never>]>([])

    private init() {}

    /// Runs `body`; ends when it returns, when `limit` passes, or when the caller is cancelled.
    static func run(_ body: @escaping @Sendable () async throws -> Void, limit: Duration) async -> Ending {
        let race = TimeoutRace()
        return await withTaskCancellationHandler {
            await withCheckedContinuation { continuation in
                race.continuation.withLock { $0 = continuation }
                let work = Task {
                    do {
                        try await body()
                        race.finish(.finished)
                    } catch {
                        race.finish(.threw(String(describing: error), cancelled: Task.isCancelled))
                    }
                }
                let timer = Task {
                    guard (try? await Task.sleep(for: limit)) != nil else { return }
                    race.finish(.timedOut)
                }
                race.tasks.withLock { $0 = [work, timer] }
            }
        } onCancel: {
            race.finish(.cancelled)
        }
    }

    /// Resumes the waiting caller once, then cancels whatever is still running.
    private func finish(_ ending: Ending) {
        guard let waiting = continuation.withLock({ $0.take() }) else { return }
        waiting.resume(returning: ending)
        for task in tasks.withLock({ $0 }) { task.cancel() }
    }
}

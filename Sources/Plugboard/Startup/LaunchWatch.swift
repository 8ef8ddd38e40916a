/// When a launch's watch looks at the running tasks, and what it keeps between looks
/// (``PhaseRun`` holds one per phase).
enum LaunchWatch {
    /// The longest time between two looks while tasks run.
    static let tick: Duration = .seconds(1)
    /// How long a task runs before it is named as still running.
    static let noticeAfter: Duration = .seconds(2)
    /// How long after naming the tasks still running it names them again.
    static let noticeEvery: Duration = .seconds(5)
    /// How long a task may go on after the launch stopped before the launch goes on without it.
    static let stopGrace: Duration = .milliseconds(500)

    /// The watch of one phase.
    struct State {
        /// When the phase began.
        let start: ContinuousClock.Instant
        /// When the watch looks next.
        var wake: ContinuousClock.Instant
        /// The task that sleeps until then.
        var sleeper: Task<Void, Never>?
        /// When the launch stopped, plus the grace the running tasks have.
        var giveUp: ContinuousClock.Instant?
        /// The earliest time the running tasks are named again.
        var nextNotice: ContinuousClock.Instant

        init(start: ContinuousClock.Instant) {
            self.start = start
            wake = start + LaunchWatch.tick
            nextNotice = start + LaunchWatch.noticeAfter
        }
    }
}

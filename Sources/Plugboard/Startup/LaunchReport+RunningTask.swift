extension LaunchReport {
    /// A task that is still running, and for how long it has run: what a launch names, now and
    /// then, while it waits on tasks that run long.
    ///
    /// ```swift
    /// _ = try await Application().launch(stillRunning: { tasks in
    ///     for task in tasks { print("still running: \(task)") }  // analytics.start [Shell.ShellModule], 2.0 s
    /// })
    /// ```
    public struct RunningTask: Sendable, Hashable, CustomStringConvertible {
        /// The task's name.
        ///
        /// ```swift
        /// task.name  // "analytics.start"
        /// ```
        public let name: String
        /// The module that registered it, and the file that module came from.
        ///
        /// ```swift
        /// task.owner.module  // "Shell.ShellModule"
        /// ```
        public let owner: Owner
        /// How long it has run so far.
        ///
        /// ```swift
        /// task.elapsed > .seconds(5)
        /// ```
        public let elapsed: Duration

        /// `name [module], 2.0 s`.
        ///
        /// ```swift
        /// print(task)  // analytics.start [Shell.ShellModule], 2.0 s
        /// ```
        public var description: String { "\(name) [\(owner.module)], \(elapsed.secondsText)" }

        init(_ task: StartupTask, for elapsed: Duration) {
            name = task.name
            owner = task.owner
            self.elapsed = elapsed
        }
    }
}

extension Duration {
    /// Seconds with one decimal, rounded down: `2.0 s`.
    var secondsText: String {
        let (seconds, attoseconds) = components
        return "\(seconds).\(attoseconds / 100_000_000_000_000_000) s"
    }
}

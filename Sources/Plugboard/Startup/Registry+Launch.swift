extension Registry {
    /// Runs every registered startup task, one after another in registration order.
    ///
    /// The first task that throws stops the launch: later tasks are reported as skipped.
    ///
    /// ```swift
    /// let report = await Registry.shared.runStartupTasks()
    /// if !report.succeeded { print(report.entries) }
    /// ```
    /// - Returns: The outcome of every task.
    public func runStartupTasks() async -> StartupReport {
        var entries: [StartupReport.Entry] = []
        var failure: String?
        for task in snapshot.tasks {
            if let failure {
                entries.append(.init(name: task.name, owner: task.owner, outcome: .skipped(reason: failure)))
                continue
            }
            do {
                try await task.body()
                entries.append(.init(name: task.name, owner: task.owner, outcome: .succeeded))
            } catch {
                entries.append(.init(name: task.name, owner: task.owner, outcome: .failed(reason: "\(error)")))
                failure = "launch stopped after '\(task.name)' of \(task.owner) failed"
            }
        }
        return StartupReport(entries: entries)
    }
}

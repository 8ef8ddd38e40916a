import Plugboard

/// Loads plugins and launches them (``SignalledLaunch``) for commands whose standard output is
/// screens: what loading says, and with `showingProgress` a line per startup task as it ends,
/// goes to standard error.
@MainActor
enum QuietLaunch {
    /// The launched application, how many plugins failed to load, and the population, whose
    /// plugins not active at launch activate when first needed (all are loaded with `eager`);
    /// `taskTimeout` is the application's deadline for startup tasks; `isolation` says
    /// which plugins run in processes of their own, and their deadline. With them, the termination
    /// signals it catches (``SignalledLaunch``).
    /// - Throws: What loading or ``SignalledLaunch/run(_:allowingMissingDependencies:strict:progress:stillRunning:signals:)`` throws.
    static func run(
        pluginDirectories: [String], withBundled: Bool = false, eager: Bool = false, mappingCopies: Bool = false,
        strict: Bool = false, showingProgress: Bool = false, taskTimeout: Duration? = StartupTask.defaultTimeout,
        isolation: IsolationChoice = IsolationChoice()
    ) async throws -> (Application, failures: Int, population: PluginPopulation, signals: TerminationSignals) {
        let (failures, population) = try await Terminal.toStandardErrorWhile {
            try await PluginLoading.install(
                directories: pluginDirectories, withBundled: withBundled, eager: eager, mappingCopies: mappingCopies,
                isolation: isolation)
        }
        let app = Application(registry: .shared, taskTimeout: taskTimeout)
        if showingProgress {
            Terminal.toStandardError {
                Terminal.heading("Launching")
                LaunchListing.isolatedProgress()
            }
        }
        let progress: (@Sendable (LaunchReport.Entry) -> Void)? =
            showingProgress ? { @Sendable entry in Terminal.toStandardError { LaunchListing.progress(entry) } } : nil
        // Tasks that run long are named whether or not each task's end is shown.
        let signals = TerminationSignals()
        try await SignalledLaunch.run(
            app, allowingMissingDependencies: failures > 0, strict: strict, progress: progress,
            stillRunning: { tasks in Terminal.toStandardError { LaunchListing.stillRunning(tasks) } },
            signals: signals)
        return (app, failures, population, signals)
    }
}

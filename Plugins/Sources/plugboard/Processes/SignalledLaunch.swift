import Plugboard

/// The launch of a command that then works with the application (`run`, `open`, `demo`).
enum SignalledLaunch {
    /// Launches `app`; from now on Ctrl-C or SIGTERM stops the launch, or once it is done
    /// terminates the application and ends the process (``TerminationSignals/stopOrTerminate(_:)``).
    /// - Returns: The report of the launch, which succeeded.
    /// - Throws: ``HostError/launchFailed`` after printing the report when a required task failed,
    ///   ``HostError/launchStopped`` when a signal stopped the launch.
    /// A plugin whose startup tasks do not form a valid graph, or whose required task fails or
    /// times out, is quarantined with what needs it, and the others launch; each is named on
    /// standard error. With `strict`, the launch is refused, or stopped, instead. `stillRunning`
    /// names the tasks that run long. `signals` are the signals caught from now on.
    @discardableResult
    static func run(
        _ app: Application,
        allowingMissingDependencies: Bool,
        strict: Bool = false,
        progress: (@Sendable (LaunchReport.Entry) -> Void)? = nil,
        stillRunning: @escaping @Sendable ([LaunchReport.RunningTask]) -> Void,
        signals: TerminationSignals = TerminationSignals()
    ) async throws -> LaunchReport {
        signals.stopOrTerminate(app)
        let report = try await app.launch(
            allowingMissingDependencies: allowingMissingDependencies, quarantining: !strict, progress: progress,
            stillRunning: stillRunning)
        guard report.succeeded else {
            LaunchListing.print(report)
            throw HostError.launchEnded(report, signals: signals)
        }
        LaunchListing.warnQuarantined(report)
        return report
    }
}

import Plugboard

/// Loads plugins (reporting on stderr) and launches them, for commands whose output is a screen.
/// From the launch on, Ctrl-C or SIGTERM stops the launch, or once it is done terminates the
/// application and ends the process (see ``TerminationSignals/stopOrTerminate(_:)``).
@MainActor
enum QuietLaunch {
    /// The launched application and how many plugins failed to load.
    /// - Throws: ``HostError/launchFailed`` after printing the report when a required task failed,
    ///   ``HostError/launchStopped`` when a signal stopped the launch.
    static func run(pluginDirectories: [String], withBundled: Bool = false) async throws -> (Application, failures: Int)
    {
        let failures = try Terminal.toStandardError {
            try PluginLoading.load(directories: pluginDirectories, withBundled: withBundled)
        }
        let app = Application(registry: .shared)
        TerminationSignals().stopOrTerminate(app)
        let report = try await app.launch(allowingMissingDependencies: failures > 0)
        guard report.succeeded else {
            LaunchListing.print(report)
            throw HostError.launchEnded(report)
        }
        return (app, failures)
    }
}

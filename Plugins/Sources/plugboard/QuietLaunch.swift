import Plugboard

/// Loads plugins (reporting on stderr) and launches them, for commands whose output is a screen.
@MainActor
enum QuietLaunch {
    /// The launched application and how many plugins failed to load.
    /// - Throws: ``HostError/launchFailed`` after printing the report when a required task failed.
    static func run(pluginDirectories: [String], withBundled: Bool = false) async throws -> (Application, failures: Int)
    {
        let failures = try Terminal.toStandardError {
            try PluginLoading.load(directories: pluginDirectories, withBundled: withBundled)
        }
        let app = Application(registry: .shared)
        let report = try await app.launch(allowingMissingDependencies: failures > 0)
        guard report.succeeded else {
            LaunchListing.print(report)
            throw HostError.launchFailed
        }
        return (app, failures)
    }
}

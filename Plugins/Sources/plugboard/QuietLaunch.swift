import Plugboard

/// Loads plugins (reporting on stderr) and launches them (``SignalledLaunch``), for commands whose
/// output is a screen.
@MainActor
enum QuietLaunch {
    /// The launched application and how many plugins failed to load.
    /// - Throws: What loading or ``SignalledLaunch/run(_:allowingMissingDependencies:progress:)`` throws.
    static func run(pluginDirectories: [String], withBundled: Bool = false) async throws -> (Application, failures: Int)
    {
        let failures = try Terminal.toStandardError {
            try PluginLoading.load(directories: pluginDirectories, withBundled: withBundled)
        }
        let app = Application(registry: .shared)
        try await SignalledLaunch.run(app, allowingMissingDependencies: failures > 0)
        return (app, failures)
    }
}

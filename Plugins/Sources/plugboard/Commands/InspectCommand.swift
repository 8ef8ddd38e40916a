import FoundationEssentials
import Glibc
import Plugboard

/// `plugboard inspect FILE`: print a plugin's manifest and what its modules register, without
/// running the plugin in this process.
enum InspectCommand {
    static let help = """
        USAGE: plugboard inspect FILE [--json]

        Prints a plugin's manifest, the plugins it depends on, and the modules, routes, startup
        tasks, services, events, interceptors, parameter types and fallbacks it declares. A
        sealed plugin (see plugboard seal) is read from its file without being loaded; an
        unsealed one is loaded in a child process, never in this one.

        OPTIONS:
          --json       Print the manifest as JSON, for scripts: name, version, runtimeVersion,
                       toolchain, architecture, modules, dependencies, routes, tasks,
                       services, events, interceptors, parameter types and fallbacks, each
                       with named fields, and whether it is sealed.
          -h, --help   Show this help.
        """

    static func run(_ arguments: [String]) throws -> Int32 {
        let options = try Options(arguments, valued: [], switches: ["--json"], operands: 1)
        guard let path = options.operands.first else { throw HostError.usage("inspect takes one plugin file") }
        let report: ManifestJSON
        do {
            if let read = try PluginLoader(registry: Registry(), policy: PluginLoading.policy).check(file: path) {
                report = ManifestJSON(read, file: path, sealed: true)
            } else {
                report = ManifestJSON(try ChildDescription.describe(path).manifest, file: path, sealed: false)
            }
        } catch let error as PluginLoadError {
            throw HostError.failed(PluginLoading.message(for: error))
        }
        if options.has("--json") {
            try printJSON(report)
            return 0
        }
        let source =
            report.sealed
            ? "sealed manifest, read without loading the plugin" : "not sealed: read by loading it in a child process"
        Terminal.heading(report.name, " \(report.version)")
        Terminal.line("  file         \(PluginLoader.shown(path: path))")
        Terminal.line("  source       \(source)")
        Terminal.line("  runtime      \(report.runtimeVersion)")
        Terminal.line("  toolchain    \(report.toolchain)")
        Terminal.line("  architecture \(report.architecture)")
        Terminal.line("  modules      \(listed(report.modules))")
        Terminal.line("  routes       \(listed(report.routes.map(\.pattern)))")
        Terminal.line("  tasks        \(listed(report.tasks.map(\.name)))")
        Terminal.line("  dependencies \(listed(report.dependencies.map(\.description)))")
        Terminal.line("  services     \(listed(report.services))")
        Terminal.line("  events       \(listed(report.events))")
        Terminal.line("  interceptors \(listed(report.interceptors.map { "\($0.scope) \($0.value)" }))")
        Terminal.line("  parameter types \(listed(report.parameterTypes))")
        Terminal.line("  fallbacks    \(listed(report.fallbacks))")
        Terminal.line("  permissions  \(listed(report.permissions))")
        return 0
    }

    /// `names` on one line, or `(none)`.
    private static func listed(_ names: [String]) -> String {
        names.isEmpty ? "(none)" : names.joined(separator: ", ")
    }
}

import FoundationEssentials
import Glibc
import Plugboard

/// `plugboard inspect FILE`: print a plugin's manifest and what its modules register, without
/// running the plugin in this process.
enum InspectCommand {
    static let help = """
        USAGE: plugboard inspect FILE [--json]

        Prints a plugin's manifest, the plugins it depends on, and the modules, routes and
        startup tasks it declares. A
        sealed plugin (see plugboard seal) is read from its file without being loaded; an
        unsealed one is loaded in a child process, never in this one.

        OPTIONS:
          --json       Print the manifest as JSON, for scripts: name, version, runtimeVersion,
                       toolchain, architecture, modules, routes, tasks, dependencies (each
                       as "Account >=1.2.0 <2.0.0"), and whether it is sealed.
          -h, --help   Show this help.
        """

    /// The manifest as `--json` prints it.
    private struct Report: Encodable {
        let manifest: SealedManifest
        let sealed: Bool

        func encode(to encoder: any Encoder) throws {
            try manifest.encode(to: encoder)
            var container = encoder.container(keyedBy: Key.self)
            try container.encode(sealed, forKey: .sealed)
        }

        private enum Key: CodingKey { case sealed }
    }

    static func run(_ arguments: [String]) throws -> Int32 {
        let options = try Options(arguments, valued: [], switches: ["--json"], operands: 1)
        guard let path = options.operands.first else { throw HostError.usage("inspect takes one plugin file") }
        let report: Report
        do {
            if let read = try PluginLoader(registry: Registry(), policy: PluginLoading.policy).check(file: path) {
                report = Report(manifest: read, sealed: true)
            } else {
                report = Report(manifest: try ChildDescription.describe(path).manifest, sealed: false)
            }
        } catch let error as PluginLoadError {
            throw HostError.failed(PluginLoading.message(for: error))
        }
        if options.has("--json") {
            try printJSON(report)
            return 0
        }
        let sealed = report.manifest
        let source =
            report.sealed
            ? "sealed manifest, read without loading the plugin" : "not sealed: read by loading it in a child process"
        Terminal.heading(sealed.name, " \(sealed.version)")
        Terminal.line("  file         \(PluginLoader.shown(path: path))")
        Terminal.line("  source       \(source)")
        Terminal.line("  runtime      \(sealed.runtimeVersion)")
        Terminal.line("  toolchain    \(sealed.toolchain)")
        Terminal.line("  architecture \(sealed.architecture)")
        Terminal.line("  modules      \(listed(sealed.modules))")
        Terminal.line("  routes       \(listed(sealed.routes))")
        Terminal.line("  tasks        \(listed(sealed.tasks))")
        Terminal.line("  dependencies \(listed(sealed.dependencies.map(\.description)))")
        return 0
    }

    /// `names` on one line, or `(none)`.
    private static func listed(_ names: [String]) -> String {
        names.isEmpty ? "(none)" : names.joined(separator: ", ")
    }
}

import Foundation
import Plugboard

/// `plugboard inspect FILE`: print a plugin's manifest and what its modules register, without
/// running the plugin in this process.
enum InspectCommand {
    static let help = """
        USAGE: plugboard inspect FILE

        Prints a plugin's manifest and the modules, routes and startup tasks it declares. A
        sealed plugin (see plugboard seal) is read from its file without being loaded; an
        unsealed one is loaded in a child process, never in this one.

        OPTIONS:
          -h, --help   Show this help.
        """

    static func run(_ arguments: [String]) throws -> Int32 {
        guard arguments.count == 1, let path = arguments.first, !path.hasPrefix("-") else {
            throw HostError.usage("inspect takes exactly one plugin file")
        }
        let sealed: SealedManifest
        let source: String
        do {
            if let read = try PluginLoader(registry: Registry(), policy: PluginLoading.policy).check(file: path) {
                (sealed, source) = (read, "sealed manifest, read without loading the plugin")
            } else {
                (sealed, source) = (
                    try ChildDescription.describe(path).manifest, "not sealed: read by loading it in a child process"
                )
            }
        } catch let error as PluginLoadError {
            throw HostError.failed(PluginLoading.message(for: error))
        }
        Terminal.heading(sealed.name, " \(sealed.version)")
        Terminal.line("  file         \(path)")
        Terminal.line("  source       \(source)")
        Terminal.line("  runtime      \(sealed.runtimeVersion)")
        Terminal.line("  toolchain    \(sealed.toolchain)")
        Terminal.line("  architecture \(sealed.architecture)")
        Terminal.line("  modules      \(sealed.modules.joined(separator: ", "))")
        Terminal.line("  routes       \(sealed.routes.joined(separator: ", "))")
        Terminal.line("  tasks        \(sealed.tasks.joined(separator: ", "))")
        return 0
    }
}

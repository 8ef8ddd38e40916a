import Foundation
import PackagePlugin

/// `swift package generate-documentation`: builds the runtime's DocC catalog with the
/// toolchain's `docc`, over the symbol graphs of the runtime's three Swift modules, into one
/// archive. Any DocC warning fails it. The plugin lives in this package, so building the
/// documentation needs no package dependency.
@main
struct GenerateDocumentation: CommandPlugin {
    /// The modules whose symbols the archive documents; the catalog belongs to the first.
    static let modules = ["Plugboard", "PlugboardRouting", "PlugboardReactive"]

    func performCommand(context: PluginContext, arguments: [String]) async throws {
        let work = context.pluginWorkDirectoryURL
        let graphs = work.appending(path: "symbol-graphs")
        let archive = work.appending(path: "Plugboard.doccarchive")
        try? FileManager.default.removeItem(at: graphs)
        try FileManager.default.createDirectory(at: graphs, withIntermediateDirectories: true)
        var catalog: URL?
        for name in Self.modules {
            guard let target = try context.package.targets(named: [name]).first as? SwiftSourceModuleTarget else {
                throw PluginFailure("no Swift module named \(name)")
            }
            let options = PackageManager.SymbolGraphOptions(minimumAccessLevel: .public, includeSynthesized: true)
            let result = try packageManager.getSymbolGraph(for: target, options: options)
            for file in try FileManager.default.contentsOfDirectory(
                at: result.directoryURL, includingPropertiesForKeys: nil)
            where file.lastPathComponent.hasPrefix("\(name).") {
                try FileManager.default.copyItem(at: file, to: graphs.appending(path: file.lastPathComponent))
            }
            if name == Self.modules[0] { catalog = target.directoryURL.appending(path: "\(name).docc") }
        }
        guard let catalog, FileManager.default.fileExists(atPath: catalog.path) else {
            throw PluginFailure("no DocC catalog at Sources/\(Self.modules[0])/\(Self.modules[0]).docc")
        }
        let docc = try context.tool(named: "docc")
        let process = Process()
        process.executableURL = docc.url
        process.arguments = [
            "convert", catalog.path, "--additional-symbol-graph-dir", graphs.path,
            "--fallback-display-name", "Plugboard", "--fallback-bundle-identifier", "org.plugboard.Plugboard",
            "--warnings-as-errors", "--output-path", archive.path,
        ]
        try process.run()
        process.waitUntilExit()
        guard process.terminationStatus == 0 else {
            throw PluginFailure("docc failed (exit \(process.terminationStatus)); see its warnings above")
        }
        print("Documentation archive: \(archive.path)")
        print("Symbol graphs: \(graphs.path)")
    }
}

/// Why the documentation could not be built.
struct PluginFailure: Error, CustomStringConvertible {
    let description: String

    init(_ description: String) {
        self.description = description
    }
}

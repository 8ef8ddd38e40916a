import Foundation
import PackagePlugin

/// Writes the runtime build's identity into the `Plugboard` module: a digest of the runtime's
/// sources (its Swift and C files, each with its path inside the package), which is the same for
/// the same sources in any build directory and differs whenever one of them changes, and the Swift
/// compiler's version. A plugin compiled against the runtime carries the digest in its own binary
/// (``RuntimeFingerprint/compiledIn``), so the loader refuses a plugin built against another
/// build of the runtime before any of its code runs.
@main
struct RuntimeBuildIdentity: BuildToolPlugin {
    func createBuildCommands(context: PluginContext, target: any Target) throws -> [Command] {
        guard let module = target as? SourceModuleTarget else { return [] }
        let root = context.package.directoryURL.path
        let modules = [module] + module.recursiveTargetDependencies.compactMap { $0 as? SourceModuleTarget }
        let files = modules.flatMap { $0.sourceFiles.map(\.url) }
            .filter { ["swift", "c", "h"].contains($0.pathExtension) }
            .sorted { $0.path < $1.path }
        let output = context.pluginWorkDirectoryURL.appendingPathComponent("RuntimeBuild.swift")
        // Each file's path inside the package, a NUL, its bytes: one digest of them all.
        let script = #"""
            set -e
            output=$1 swiftc=$2 root=$3
            shift 3
            cd "$root"
            digest=$(for file; do printf '%s\0' "$file"; cat "$file"; done | sha256sum | cut -c1-16)
            compiler=$("$swiftc" --version 2>/dev/null | head -n 1 | tr -d '"\\')
            cat > "$output" <<SWIFT
            // The runtime build's identity, written by the RuntimeBuildIdentity plugin.
            extension RuntimeFingerprint {
                /// The digest of the runtime's sources, compiled into each plugin built against them.
                @usableFromInline @_alwaysEmitIntoClient
                static var sourceDigest: String { "$digest" }
                /// The Swift compiler that built the runtime.
                @usableFromInline
                static var swiftCompiler: String { "$compiler" }
            }
            SWIFT
            """#
        let relative = files.map { String($0.path.dropFirst(root.count + 1)) }
        let swiftc = try context.tool(named: "swiftc").url.path
        return [
            .buildCommand(
                displayName: "Digesting the runtime's sources",
                executable: URL(fileURLWithPath: "/bin/sh"),
                arguments: ["-c", script, "sh", output.path, swiftc, root] + relative,
                inputFiles: files,
                outputFiles: [output]
            )
        ]
    }
}

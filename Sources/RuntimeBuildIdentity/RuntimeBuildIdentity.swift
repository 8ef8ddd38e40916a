import Foundation
import PackagePlugin

/// Writes the runtime build's identity into the `Plugboard` module: a digest of the runtime's
/// interface — what of its sources code compiled against it depends on, as `RuntimeInterface`
/// prints it: declarations, stored properties, type bodies, C headers, without comments or
/// function bodies — and the Swift compiler's version.
///
/// The digest is the same for the same interface in any build directory. It changes exactly when
/// the compiler must rebuild the code that uses the runtime (a stored property added to a public
/// type changes both), and not when only a function body changes (which changes neither): so an
/// incremental build never leaves a plugin with a digest its runtime no longer has. The compiler
/// rebuilds only the code that uses what changed, though: so beside ``Plugin/compiledFingerprint``,
/// which every plugin uses, the generated code declares a member named after the digest, and any
/// change of the digest recompiles every plugin. A plugin
/// compiled against the runtime carries the digest in its own binary
/// (``RuntimeFingerprint/compiledIn``), and the loader refuses a plugin built against another
/// interface before any of its types is read.
@main
struct RuntimeBuildIdentity: BuildToolPlugin {
    func createBuildCommands(context: PluginContext, target: any Target) throws -> [Command] {
        guard let module = target as? SourceModuleTarget else { return [] }
        let root = context.package.directoryURL.path
        let modules = [module] + module.recursiveTargetDependencies.compactMap { $0 as? SourceModuleTarget }
        let files = modules.flatMap { $0.sourceFiles.map(\.url) }
            .filter { ["swift", "h"].contains($0.pathExtension) }
            .sorted { $0.path < $1.path }
        let output = context.pluginWorkDirectoryURL.appendingPathComponent("RuntimeBuild.swift")
        let script = #"""
            set -e
            output=$1 interface=$2 swiftc=$3 root=$4
            shift 4
            digest=$("$interface" "$root" "$@" | sha256sum | cut -c1-16)
            compiler=$("$swiftc" --version 2>/dev/null | head -n 1 | tr -d '"\\')
            cat > "$output.new" <<SWIFT
            // The runtime build's identity, written by the RuntimeBuildIdentity plugin.
            extension RuntimeFingerprint {
                /// The digest of the runtime's interface, compiled into each plugin built against it.
                @usableFromInline @_alwaysEmitIntoClient
                static var interfaceDigest: String { "$digest" }
                /// The Swift compiler that built the runtime.
                @usableFromInline
                static var swiftCompiler: String { "$compiler" }
            }
            extension Plugin {
                /// The fingerprint of the runtime build and toolchain the plugin is compiled with:
                /// emitted into the plugin's own binary.
                ///
                /// \`\`\`swift
                /// GreeterPlugin.compiledFingerprint.toolchain  // "Clang 21.0.0 (…)"
                /// \`\`\`
                @_alwaysEmitIntoClient
                public static var compiledFingerprint: (runtimeVersion: String, toolchain: String) {
                    let fingerprint = RuntimeFingerprint.compiledIn
                    return (fingerprint.runtimeVersion, fingerprint.toolchain)
                }

                /// Named after the runtime's interface digest, beside the member every plugin
                /// uses, so that a build recompiles each plugin when the digest changes.
                @usableFromInline
                static var interface_$digest: Void { () }
            }
            SWIFT
            # Only a new identity replaces the file, so that the runtime is not compiled again for nothing.
            if cmp -s "$output.new" "$output"; then rm "$output.new"; else mv "$output.new" "$output"; fi
            """#
        let relative = files.map { String($0.path.dropFirst(root.count + 1)) }
        return [
            .buildCommand(
                displayName: "Digesting the runtime's interface",
                executable: URL(fileURLWithPath: "/bin/sh"),
                arguments: [
                    "-c", script, "sh", output.path, try context.tool(named: "RuntimeInterface").url.path,
                    try context.tool(named: "swiftc").url.path, root,
                ] + relative,
                inputFiles: files,
                outputFiles: [output]
            )
        ]
    }
}

import Foundation
import Testing

/// The files `swift build` produced for this package: the host executable and the plugins.
enum BuildProducts {
    /// The build products directory, where the test runner itself lives.
    static let directory: URL = {
        let runner = (try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe")) ?? ""
        var url = URL(fileURLWithPath: runner).deletingLastPathComponent()
        while url.path != "/" && !FileManager.default.fileExists(atPath: url.appendingPathComponent("plugboard").path) {
            url.deleteLastPathComponent()
        }
        return url
    }()

    /// The path of a product, failing the test with a hint when it was not built.
    static func path(_ name: String, sourceLocation: SourceLocation = #_sourceLocation) throws -> String {
        let path = directory.appendingPathComponent(name).path
        try #require(
            FileManager.default.fileExists(atPath: path),
            "\(name) is not built in \(directory.path); run `swift build --package-path Plugins` first",
            sourceLocation: sourceLocation
        )
        return path
    }

    /// The arguments that let `swiftc` import the runtime's modules as this package built them.
    static var moduleArguments: [String] {
        [
            "-I", directory.appendingPathComponent("Modules").path, "-Xcc",
            "-fmodule-map-file=" + directory.appendingPathComponent("CPlugboard.build/module.modulemap").path,
        ]
    }

    /// Compiles the plugin module `module`, the one file `source`, into the library `library` with
    /// `swiftc`, against the runtime this package built and in its configuration, with the
    /// package's language settings, linking the libraries of the plugins `linking` names
    /// (`AccountPlugin`) as this package built them; returns the compiler's status and output.
    static func compilePlugin(_ source: URL, module: String, to library: URL, linking: [String] = []) async throws
        -> (status: Int32, output: String)
    {
        let optimized = directory.lastPathComponent == "release" ? ["-O"] : []
        let features = ["ExistentialAny", "MemberImportVisibility", "InternalImportsByDefault"].flatMap {
            ["-enable-upcoming-feature", $0]
        }
        return try await Toolchain.run(
            ["-emit-library", "-parse-as-library", "-swift-version", "6", "-module-name", module, source.path]
                + optimized + features + moduleArguments
                + ["-L", directory.path, "-lPlugboard", "-Xlinker", "-rpath", "-Xlinker", directory.path]
                + linking.map { "-l\($0)" }
                + ["-o", library.path],
            tool: "swiftc")
    }

    static var greeter: String { get throws { try path("libGreeterPlugin.so") } }
    static var probe: String { get throws { try path("libProbePlugin.so") } }
    static var host: String { get throws { try path("plugboard") } }
}

/// The deliberately broken plugins (one traps, one hangs, one has modules discovery cannot use),
/// whose sources only the tests compile, each with `swiftc` against the runtime this package built,
/// into a directory of the test run's own, away from the bundled plugins: compiled by the first
/// test that asks, once per test run, while the tests that do not need them go on.
enum BrokenPlugins {
    /// The plugins' module names: each is the one source file of `Plugins/Tests/BrokenPlugins/NAME`.
    private static let names = ["CrashingPlugin", "HangingPlugin", "OddModulesPlugin"]

    /// The directory of the compiled plugins; or the compiler's output, when one did not compile.
    private static let built = Task<Result<URL, BuildFailure>, Never> {
        let sources = Repository.root.appendingPathComponent("Plugins/Tests/BrokenPlugins")
        do {
            let directory = try TemporaryDirectories.make("plugboard-broken-plugins-")
            let failures = try await withThrowingTaskGroup(of: String?.self) { group in
                for name in names {
                    group.addTask {
                        let source = sources.appendingPathComponent("\(name)/\(name).swift")
                        let library = directory.appendingPathComponent("lib\(name).so")
                        let compiled = try await BuildProducts.compilePlugin(source, module: name, to: library)
                        return compiled.status == 0 ? nil : compiled.output
                    }
                }
                var failures: [String] = []
                for try await case let failure? in group { failures.append(failure) }
                return failures
            }
            guard failures.isEmpty else { return .failure(BuildFailure(output: failures.joined(separator: "\n"))) }
            return .success(directory)
        } catch {
            return .failure(BuildFailure(output: "\(error)"))
        }
    }

    struct BuildFailure: Error {
        let output: String
    }

    /// The path of `name` (`libCrashingPlugin.so`, `libHangingPlugin.so`), failing the test when the
    /// plugins did not compile.
    static func path(_ name: String, sourceLocation: SourceLocation = #_sourceLocation) async throws -> String {
        let directory = try await built.value.get()
        let path = directory.appendingPathComponent(name).path
        try #require(
            FileManager.default.fileExists(atPath: path), "\(name) was not built", sourceLocation: sourceLocation)
        return path
    }
}

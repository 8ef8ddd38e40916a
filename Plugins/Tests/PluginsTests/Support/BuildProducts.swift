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

    static var greeter: String { get throws { try path("libGreeterPlugin.so") } }
    static var probe: String { get throws { try path("libProbePlugin.so") } }
    static var host: String { get throws { try path("plugboard") } }
}

/// The deliberately broken plugins (one traps, one hangs), which a package of their own builds
/// into its own build directory, away from the bundled plugins: built by the first test that
/// asks, once per test run, while the tests that do not need them go on.
enum BrokenPlugins {
    /// The package's build products directory, after building it; or the build's output, when it
    /// did not build.
    private static let built = Task<Result<URL, BuildFailure>, Never> {
        let package = Repository.root.appendingPathComponent("Plugins/Tests/BrokenPlugins")
        let configuration = BuildProducts.directory.lastPathComponent == "release" ? "release" : "debug"
        do {
            let build = try await Toolchain.run(["build", "--package-path", package.path, "-c", configuration])
            guard build.status == 0 else { return .failure(BuildFailure(output: build.output)) }
        } catch {
            return .failure(BuildFailure(output: "\(error)"))
        }
        return .success(package.appendingPathComponent(".build/\(configuration)"))
    }

    struct BuildFailure: Error {
        let output: String
    }

    /// The path of `name` (`libCrashingPlugin.so`, `libHangingPlugin.so`), failing the test when the
    /// package did not build.
    static func path(_ name: String, sourceLocation: SourceLocation = #_sourceLocation) async throws -> String {
        let directory = try await built.value.get()
        let path = directory.appendingPathComponent(name).path
        try #require(
            FileManager.default.fileExists(atPath: path), "\(name) was not built", sourceLocation: sourceLocation)
        return path
    }
}

import Foundation
import Testing

/// The bundled plugins, found beside the `plugboard` executable and built when they are not there
/// or are older than the runtime beside them: here in a copy of the build products, with a `swift`
/// of the test's own on the path, which writes down how it was run and does what the test says.
struct BundledPluginsTests {
    /// A copy of the host, its runtime and the bundled plugins, and a `swift` that appends its
    /// arguments to `swift.log` and then runs `then` (a shell command, in the copy's directory).
    private func products(swiftThen then: String) throws -> (host: String, scratch: Scratch, path: String) {
        let scratch = try Scratch()
        let built = URL(fileURLWithPath: try BuildProducts.host).deletingLastPathComponent().path
        for name in ["plugboard", "libPlugboard.so"] + Self.bundled {
            _ = try scratch.copy(built + "/" + name, as: name)
        }
        let bin = scratch.directory.appendingPathComponent("bin")
        try FileManager.default.createDirectory(at: bin, withIntermediateDirectories: false)
        let swift = bin.appendingPathComponent("swift")
        try Data(
            """
            #!/bin/sh
            cd "\(scratch.directory.path)" && echo "$*" >> swift.log && \(then)

            """.utf8
        ).write(to: swift)
        try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: swift.path)
        let path = bin.path + ":" + (ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin")
        return (scratch.directory.appendingPathComponent("plugboard").path, scratch, path)
    }

    private static let bundled = [
        "libShellPlugin.so", "libCirclesPlugin.so", "libAccountPlugin.so", "libBlogPlugin.so", "libGreeterPlugin.so",
    ]

    /// `plugboard list` run from a copy of the products (``products(swiftThen:)``) whose file `old`
    /// is an hour old.
    private func list(swiftThen then: String, old: String) async throws -> (run: HostProcess, scratch: Scratch) {
        let (host, scratch, path) = try products(swiftThen: then)
        try FileManager.default.setAttributes(
            [.modificationDate: Date(timeIntervalSinceNow: -3600)],
            ofItemAtPath: scratch.directory.appendingPathComponent(old).path)
        return (try await HostProcess.run(["list"], executable: host, environment: ["PATH": path]), scratch)
    }

    /// What the test's `swift` was asked to do, a line a run.
    private func swiftRuns(in scratch: Scratch) -> String {
        (try? String(contentsOf: scratch.directory.appendingPathComponent("swift.log"), encoding: .utf8)) ?? ""
    }

    @Test func bundledPluginsNewerThanTheRuntimeAreLoadedAsTheyAre() async throws {
        let (run, scratch) = try await list(swiftThen: "exit 1", old: "libPlugboard.so")
        #expect(run.status == 0, "\(run.standardError)")
        #expect(run.standardOutput.contains("Greeter 1.0.0"), "\(run.standardOutput)")
        #expect(swiftRuns(in: scratch).isEmpty)
    }

    @Test func aBundledPluginOlderThanTheRuntimeIsBuiltAgainFirst() async throws {
        // The build makes the plugins newer than the runtime, as `swift build` relinks them.
        let (run, scratch) = try await list(swiftThen: "touch lib*Plugin.so", old: "libBlogPlugin.so")
        #expect(run.status == 0, "\(run.standardError)")
        #expect(
            run.standardError.contains("Building the bundled plugins (the runtime beside them is newer)…"),
            "\(run.standardError)")
        #expect(swiftRuns(in: scratch).hasPrefix("build --package-path "), "\(swiftRuns(in: scratch))")
        #expect(run.standardOutput.contains("Blog 1.0.0"), "\(run.standardOutput)")
    }

    @Test func aMissingBundledPluginIsBuiltFirst() async throws {
        let (host, scratch, path) = try products(swiftThen: "cp libBlog.keep libBlogPlugin.so")
        try FileManager.default.moveItem(
            at: scratch.directory.appendingPathComponent("libBlogPlugin.so"),
            to: scratch.directory.appendingPathComponent("libBlog.keep"))
        let run = try await HostProcess.run(["list"], executable: host, environment: ["PATH": path])
        #expect(run.status == 0, "\(run.standardError)")
        #expect(run.standardError.contains("Building the bundled plugins (first run only)…"), "\(run.standardError)")
        #expect(run.standardOutput.contains("Blog 1.0.0"), "\(run.standardOutput)")
    }

    /// A host older than its sources: building the plugins builds its runtime anew, which the
    /// running host would not match; it says so rather than refuse every plugin.
    @Test func aBuildThatReplacesTheRuntimeAsksForTheHostToBeRunAgain() async throws {
        let (run, scratch) = try await list(
            swiftThen: "touch lib*Plugin.so && cp libPlugboard.so new.so && mv new.so libPlugboard.so",
            old: "libGreeterPlugin.so")
        #expect(run.status == 1, "\(run.standardError)")
        #expect(
            run.standardError.contains(
                "error: building the bundled plugins built the runtime anew (\(scratch.directory.path)/libPlugboard.so), "
                    + "and this plugboard runs the one before, which would refuse them: run plugboard again"),
            "\(run.standardError)")
        #expect(!run.standardError.contains("built for plugboard-runtime"), "\(run.standardError)")
    }

    @Test func aBuildThatFailsSaysWhatToRun() async throws {
        let (run, _) = try await list(swiftThen: "echo 'error: no space left' >&2; exit 1", old: "libShellPlugin.so")
        #expect(run.status == 1, "\(run.standardError)")
        #expect(run.standardError.contains("could not be built"), "\(run.standardError)")
        #expect(
            run.standardError.contains("Build them with: swift build --package-path Plugins"), "\(run.standardError)")
    }
}

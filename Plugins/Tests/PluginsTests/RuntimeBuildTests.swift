import Foundation
import Testing

/// A plugin works only with the runtime build it was compiled against: the runtime is not built
/// with library evolution, so a public type whose stored properties change has another layout.
/// A host built after such a change refuses the plugins built before it, naming both builds; it
/// never reads them with the wrong layout.
///
/// The tests share one copy of the repository, one after the other: each builds what it needs
/// incrementally, so the runtime and the host are compiled from nothing once per test run.
@Suite(.serialized)
struct RuntimeBuildTests {
    /// The scratch directory that holds the copy of the repository, `plugboard` in it.
    private static let shared = Result { () throws -> Scratch in
        let scratch = try Scratch()
        try copyRepository(to: scratch.directory.appendingPathComponent("plugboard"))
        return scratch
    }

    @Test func aPluginBuiltAgainstAnotherBuildOfTheRuntimeIsRefusedNotCrashingTheHost() async throws {
        let scratch = try Self.shared.get()
        let copy = scratch.directory.appendingPathComponent("plugboard")
        let plugins = copy.appendingPathComponent("Plugins")
        let host = plugins.appendingPathComponent(".build/debug/plugboard").path
        func build(_ product: String) async throws {
            let built = try await Toolchain.run(["build", "--package-path", plugins.path, "--product", product])
            try #require(built.status == 0, "\(built.output)")
        }
        func runHost(_ arguments: [String]) async throws -> (status: Int32, output: String) {
            try await Toolchain.run(arguments, tool: host)
        }

        // A plugin and a host of the same build: the plugin loads.
        try await build("GreeterPlugin")
        try await build("plugboard")
        let unsealed = scratch.directory.appendingPathComponent("unsealed-\(UUID().uuidString)")
        let sealed = scratch.directory.appendingPathComponent("sealed-\(UUID().uuidString)")
        for directory in [unsealed, sealed] {
            try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: false)
            try FileManager.default.copyItem(
                at: plugins.appendingPathComponent(".build/debug/libGreeterPlugin.so"),
                to: directory.appendingPathComponent("libGreeterPlugin.so"))
        }
        #expect(try await runHost(["seal", sealed.appendingPathComponent("libGreeterPlugin.so").path]).status == 0)
        let before = try await runHost(["--version"]).output
        #expect(try await runHost(["list", "--plugins", unsealed.path]).status == 0)

        // A function body changed, and the host rebuilt: the interface, and so the runtime build's
        // digest, are as they were, and the plugin, which nothing rebuilt, still loads.
        let manifest = copy.appendingPathComponent("Sources/Plugboard/Loading/PluginManifest.swift")
        var source = try String(contentsOf: manifest, encoding: .utf8)
        let body = "        self.fingerprint = fingerprint\n"
        try #require(source.contains(body))
        source = source.replacingOccurrences(of: body, with: body + "        _ = [fingerprint].count\n")
        try source.write(to: manifest, atomically: true, encoding: .utf8)
        try await build("plugboard")
        #expect(try await runHost(["--version"]).output == before)
        #expect(try await runHost(["list", "--plugins", unsealed.path]).status == 0)

        // One stored property added to a public type of the runtime, and the host rebuilt.
        let field = "    public let fingerprint: RuntimeFingerprint\n"
        try #require(source.contains(field))
        try source.replacingOccurrences(of: field, with: field + "    public var addedByATest: [Int] = [1, 2, 3]\n")
            .write(to: manifest, atomically: true, encoding: .utf8)
        try await build("plugboard")
        let after = try await runHost(["--version"]).output
        let (old, new) = (Self.runtimeBuild(in: before), Self.runtimeBuild(in: after))
        #expect(old != new && old.hasPrefix("plugboard-runtime ") && new.hasPrefix("plugboard-runtime "))

        // Unsealed, the plugin's fingerprint is asked before its manifest is read; sealed, it is
        // read before the plugin is mapped. Either way: refused, naming both builds.
        for directory in [unsealed, sealed] {
            let run = try await runHost(["list", "--plugins", directory.path])
            #expect(run.status == 1, "\(run.output)")
            #expect(
                run.output.contains("libGreeterPlugin.so: built for \(old) built with "),
                "\(run.output)")
            #expect(run.output.contains("but this host runs \(new) built with "), "\(run.output)")
            #expect(
                run.output.contains("rebuild the plugin against this host's runtime with its toolchain"),
                "\(run.output)")
        }
    }

    /// After a change to the runtime's interface, an incremental build of a plugin gives it the
    /// new digest, whatever part of the interface changed: here a private function of a type no
    /// plugin uses, which by itself would make the compiler rebuild no plugin. (The greeter and
    /// the host stand for every plugin: each plugin's target has the runtime build's identity
    /// written into it alike, and building them alone keeps the test's builds short.)
    @Test func anIncrementalBuildGivesEveryPluginTheRuntimesNewDigest() async throws {
        let scratch = try Self.shared.get()
        let copy = scratch.directory.appendingPathComponent("plugboard")
        let plugins = copy.appendingPathComponent("Plugins")
        func build() async throws {
            for product in ["GreeterPlugin", "plugboard"] {
                let built = try await Toolchain.run(["build", "--package-path", plugins.path, "--product", product])
                try #require(built.status == 0, "\(built.output)")
            }
        }
        try await build()
        // A second later, as a person edits after a build: the compiler tells the change by time.
        try await Task.sleep(for: .seconds(2))
        let names = copy.appendingPathComponent("Sources/Plugboard/Diagnostics/NearestNames.swift")
        let source = try String(contentsOf: names, encoding: .utf8)
        let type = "public enum NearestNames {\n"
        try #require(source.contains(type))
        try source.replacingOccurrences(of: type, with: type + "    private static func addedByATest() {}\n")
            .write(to: names, atomically: true, encoding: .utf8)
        try await build()
        let installed = scratch.directory.appendingPathComponent("rebuilt-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: installed, withIntermediateDirectories: false)
        try FileManager.default.copyItem(
            at: plugins.appendingPathComponent(".build/debug/libGreeterPlugin.so"),
            to: installed.appendingPathComponent("libGreeterPlugin.so"))
        let run = try await Toolchain.run(
            ["list", "--plugins", installed.path], tool: plugins.appendingPathComponent(".build/debug/plugboard").path)
        #expect(run.status == 0, "\(run.output)")
        #expect(!run.output.contains("built for"), "\(run.output)")
    }

    /// Copies the repository's packages, their sources and manifests, to `copy`.
    private static func copyRepository(to copy: URL) throws {
        try FileManager.default.createDirectory(
            at: copy.appendingPathComponent("Plugins/Account"), withIntermediateDirectories: true)
        for item in [
            "Package.swift", "Sources", "Tests", "Plugins/Package.swift", "Plugins/Sources", "Plugins/Tests",
            "Plugins/Account/Package.swift", "Plugins/Account/Sources",
        ] {
            try FileManager.default.copyItem(
                at: Repository.root.appendingPathComponent(item), to: copy.appendingPathComponent(item))
        }
    }

    /// The runtime build that `plugboard --version` names.
    private static func runtimeBuild(in version: String) -> String {
        let line = version.split(separator: "\n").first { $0.hasPrefix("  runtime build  ") } ?? ""
        return String(line.dropFirst("  runtime build  ".count))
    }
}

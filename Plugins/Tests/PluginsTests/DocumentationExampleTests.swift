import Foundation
import Testing

/// The Swift examples of the README (other than the plugin's files, which `ReadmePluginTests`
/// builds) and of the DocC articles compile against the built runtime, each in the context it
/// is shown in.
struct DocumentationExampleTests {
    /// The code an example needs around it, by how the example begins.
    private static let contexts: [(start: String, before: String, after: String)] = [
        ("import Plugboard", "", ""),
        ("public enum BlogPlugin", "import Plugboard\n", ""),
        ("public enum NotesPlugin", "import Plugboard\n", ""),
        ("// In the account plugin's module", "import Plugboard\n", ""),
        (
            "public import Plugboard", "",
            "final class HelloScreen: Screen { let title = \"\"; func render() -> String { \"\" } }\n"
        ),
        (
            "registrar.",
            """
            import Plugboard
            actor Store { func open() async throws {}; func flush() async {} }
            actor Analytics { func start() async throws {} }
            actor Session { var isLoggedIn: Bool { false } }
            struct CirclePreview {}
            final class CircleScreen: Screen {
                init(id: Int, preview: CirclePreview?) {}
                let title = ""
                func render() -> String { "" }
            }
            func example(registrar: ModuleRegistrar, store: Store, analytics: Analytics, session: Session) {

            """,
            "}\n"
        ),
        (
            "let navigator",
            "import Plugboard\nimport Testing\n@MainActor func journey(registry: Registry) async throws {\n",
            "}\n"
        ),
        ("@Test", "import Plugboard\nimport Testing\nimport CirclesPlugin\nimport ShellPlugin\n", ""),
        ("final class VisitCounter", "import Foundation\n", ""),
        ("import Foundation\nimport Plugboard", "", ""),
        (
            "let notes = try await IsolatedPlugin",
            "import Plugboard\n@MainActor func isolate(command: [String]) async throws {\n", "}\n"
        ),
        (
            "let plan = try IsolationPolicy",
            "import Plugboard\nfunc isolate(resolution: PluginResolution, command: [String]) throws {\n", "}\n"
        ),
        (
            "let resolution = loader.claimingRoutes(",
            """
            import Plugboard
            func claim(loader: PluginLoader, candidates: [PluginCandidate], manifests: [String: SealedManifest]) {

            """,
            "_ = resolution\n}\n"
        ),
        (
            "let command = [\"/usr/bin/plugboard\"",
            "import Plugboard\nfunc place(resolution: PluginResolution) async throws {\n", "}\n"
        ),
        (
            "try population.declareIsolated(",
            """
            import Plugboard
            @MainActor func declare(
                population: PluginPopulation, notes: PluginCandidate, manifests: [String: SealedManifest],
                command: [String], navigator: Navigator
            ) async throws {

            """,
            "}\n"
        ),
        (
            "final class LoginViewModel",
            "import Plugboard\nactor Session { func logIn(_ account: String, _ password: String) async throws {} }\n",
            ""
        ),
    ]

    @Test func everyExampleTypeChecks() async throws {
        let scratch = try Scratch()
        var checked = 0
        for path in try ["README.md"] + Repository.articles() {
            for block in try Repository.codeBlocks(in: path) where block.info == "swift" {
                let example = block.lines.joined(separator: "\n") + "\n"
                let beginning = "the example in \(path) that begins \(example.prefix(40))"
                let context = try #require(
                    Self.contexts.first { example.hasPrefix($0.start) }, "no context for \(beginning); add one here")
                let file = scratch.directory.appendingPathComponent("example\(checked).swift")
                try (context.before + example + context.after).write(to: file, atomically: true, encoding: .utf8)
                let check = try await Self.typeCheck(file)
                #expect(check.status == 0, "\(beginning):\n\(check.output)")
                checked += 1
            }
        }
        #expect(checked >= 11, "the examples were not found")
    }

    /// The isolation article's whole host, compiled and linked against the runtime this package
    /// built, runs a directory of plugins isolated: started in a directory whose `plugins` holds
    /// the sealed probe (the article's `app://notes` opened as the probe's route), it prints the
    /// probe's screen, rendered in a plugin process that is the host's own executable.
    @Test func theIsolationArticlesHostRunsItsPluginsIsolated() async throws {
        let article = "Sources/Plugboard/Plugboard.docc/IsolatingPlugins.md"
        let block = try #require(
            try Repository.codeBlocks(in: article).first { $0.lines.first == "import Foundation" }, "no whole host")
        let scratch = try Scratch()
        let source = scratch.directory.appendingPathComponent("main.swift")
        let example = block.lines.joined(separator: "\n").replacing("app://notes", with: "app://probe/identity")
        // And, after it, the plugins loaded in the host's process: none, each runs isolated.
        let inHost = "print(\"in the host: \\(Registry.shared.snapshot.plugins.map(\\.manifest.name))\")\n"
        try (example + "\n" + inHost).write(to: source, atomically: true, encoding: .utf8)
        let host = scratch.directory.appendingPathComponent("host")
        let directory = BuildProducts.directory.path
        let compiled = try await Toolchain.run(
            ["-swift-version", "6", source.path] + BuildProducts.moduleArguments
                + ["-L", directory, "-lPlugboard", "-Xlinker", "-rpath", "-Xlinker", directory, "-o", host.path],
            tool: "swiftc")
        try #require(compiled.status == 0, "\(compiled.output)")
        let plugins = scratch.directory.appendingPathComponent("plugins")
        try FileManager.default.createDirectory(at: plugins, withIntermediateDirectories: true)
        let probe = plugins.appendingPathComponent("libProbePlugin.so")
        try FileManager.default.copyItem(atPath: try BuildProducts.probe, toPath: probe.path)
        let seal = try await HostProcess.run(["seal", probe.path])
        try #require(seal.status == 0, "\(seal.standardError)")
        let run = try await HostProcess.run([], executable: host.path, in: scratch.directory)
        #expect(run.status == 0, "\(run.standardError)")
        #expect(run.standardOutput == "probe\nin the host: []\n", "\(run.standardOutput)\(run.standardError)")
    }

    /// `swiftc -typecheck` of `file` against the modules this package built.
    private static func typeCheck(_ file: URL) async throws -> (status: Int32, output: String) {
        try await Toolchain.run(
            ["-typecheck", "-swift-version", "6", file.path] + BuildProducts.moduleArguments, tool: "swiftc")
    }
}

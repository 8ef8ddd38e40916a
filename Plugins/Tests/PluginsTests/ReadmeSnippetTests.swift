import Foundation
import Testing

/// The README's Swift examples other than the plugin's files compile against the built runtime,
/// each in the context it is shown in.
struct ReadmeSnippetTests {
    /// The code an example needs around it, by how the example begins.
    private static let contexts: [(start: String, before: String, after: String)] = [
        ("import Plugboard", "", ""),
        (
            "registrar.",
            """
            import Plugboard
            actor Store { func open() async throws {}; func flush() async {} }
            actor Analytics { func start() async throws {} }
            func tasks(registrar: ModuleRegistrar, store: Store, analytics: Analytics) {

            """,
            "}\n"
        ),
        (
            "let navigator",
            "import Plugboard\nimport Testing\n@MainActor func journey(registry: Registry) async throws {\n",
            "}\n"
        ),
        ("@Test", "import Plugboard\nimport Testing\nimport CirclesPlugin\nimport ShellPlugin\n", ""),
    ]

    /// The README's ```swift blocks that are not a plugin's files (those have `file=`).
    private static func snippets() throws -> [String] {
        var snippets: [String] = []
        var current: [String]?
        for line in try Readme.text().split(separator: "\n", omittingEmptySubsequences: false).map(String.init) {
            if let lines = current {
                if line == "```" {
                    snippets.append(lines.joined(separator: "\n") + "\n")
                    current = nil
                } else {
                    current?.append(line)
                }
            } else if line == "```swift" {
                current = []
            }
        }
        return snippets
    }

    @Test func everyExampleTypeChecks() throws {
        let snippets = try Self.snippets()
        #expect(snippets.count >= 4, "the README's examples were not found")
        let scratch = try Scratch()
        for (index, snippet) in snippets.enumerated() {
            let context = try #require(
                Self.contexts.first { snippet.hasPrefix($0.start) },
                "no context for the README example that begins \(snippet.prefix(40)); add one to this test")
            let file = scratch.directory.appendingPathComponent("example\(index).swift")
            try (context.before + snippet + context.after).write(to: file, atomically: true, encoding: .utf8)
            let check = try Self.typeCheck(file)
            #expect(check.status == 0, "the README example that begins \(snippet.prefix(40)):\n\(check.output)")
        }
    }

    /// `swiftc -typecheck` of `file` against the modules this package built.
    private static func typeCheck(_ file: URL) throws -> (status: Int32, output: String) {
        let products = BuildProducts.directory
        return try Toolchain.run(
            [
                "-typecheck", "-swift-version", "6", file.path, "-I", products.appendingPathComponent("Modules").path,
                "-Xcc",
                "-fmodule-map-file=" + products.appendingPathComponent("CPlugboard.build/module.modulemap").path,
            ],
            tool: "swiftc")
    }
}

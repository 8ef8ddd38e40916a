import Foundation
import Testing

/// Follows the README's "Write a plugin" steps, taking the code from the README itself.
struct ReadmePluginTests {
    /// The README's ```swift file=PATH blocks, by path, and its ```sh block of commands.
    private static func readme() throws -> (files: [String: String], commands: [String]) {
        let blocks = try Repository.codeBlocks(in: "README.md")
        var files: [String: String] = [:]
        for block in blocks where block.info.hasPrefix("swift file=") {
            files[String(block.info.dropFirst("swift file=".count))] = block.lines.joined(separator: "\n") + "\n"
        }
        let commands = blocks.first { $0.info == "sh" && $0.lines.contains { $0.contains("HelloPlugin") } }?.lines
        return (files, commands ?? [])
    }

    @Test func theWriteAPluginStepsWorkAsWritten() async throws {
        let (files, commands) = try Self.readme()
        #expect(
            files.keys.sorted() == ["HelloPlugin/Package.swift", "HelloPlugin/Sources/HelloPlugin/HelloPlugin.swift"])
        let lines = files.values.flatMap { $0.split(separator: "\n") }.filter {
            !$0.trimmingCharacters(in: .whitespaces).isEmpty
        }
        #expect(lines.count < 40, "a minimal plugin takes \(lines.count) lines")

        // An empty directory next to a Plugboard checkout.
        let scratch = try Scratch()
        try FileManager.default.createSymbolicLink(
            at: scratch.directory.appendingPathComponent("plugboard"), withDestinationURL: Repository.root)
        for (path, content) in files {
            let url = scratch.directory.appendingPathComponent(path)
            try FileManager.default.createDirectory(
                at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try content.write(to: url, atomically: true, encoding: .utf8)
        }

        // The first command builds the plugin.
        try #require(commands.count == 2)
        #expect(commands[0] == "swift build --package-path HelloPlugin")
        let build = try await Toolchain.run(
            Array(commands[0].split(separator: " ").map(String.init).dropFirst()), in: scratch.directory)
        try #require(build.status == 0, "the README's plugin did not build:\n\(build.output)")

        // The second runs the host with the README's arguments (the host is already built here).
        let arguments = try #require(commands[1].components(separatedBy: " plugboard ").last)
            .split(separator: " ").map(String.init)
        #expect(arguments.first == "run")
        let run = try await HostProcess.run(
            arguments.map { $0.hasPrefix("HelloPlugin/") ? scratch.directory.appendingPathComponent($0).path : $0 },
            input: "1\nstack\nquit\n"
        )
        #expect(run.status == 0, "\(run.standardError)")
        #expect(run.standardOutput.contains("┌─ Hello\n│ Hello, world!\n└─\n  1) Open circles  [circles]"))
        #expect(run.standardOutput.contains("> stack\nStack: Hello > Circles\n"))
    }
}

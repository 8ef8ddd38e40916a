import Foundation
import Testing

/// The README's table of commands names the options that each command's help lists.
struct ReadmeCommandTableTests {
    /// Each command of the table and the options its usage column names (`PLUGINS` for
    /// `--plugins DIR... [--with-bundled]`).
    private static func table() throws -> [String: Set<String>] {
        let block = try #require(
            try Repository.codeBlocks(in: "README.md").first { $0.lines.first?.hasPrefix("plugboard run ") == true },
            "the README has no table of commands")
        var table: [String: Set<String>] = [:]
        var command: String?
        for line in block.lines {
            let trimmed = line.drop { $0 == " " }
            // The usage column ends where three blanks begin the description.
            let usage = String(trimmed).components(separatedBy: "   ").first ?? ""
            if line.hasPrefix("plugboard ") {
                command = usage.split(separator: " ").dropFirst().first.map(String.init)
            } else if !trimmed.hasPrefix("[") {
                continue
            }
            guard let command else { continue }
            table[command, default: []].formUnion(options(in: usage))
        }
        return table
    }

    /// The options `text` names: `--name` words, and `PLUGINS` for the plugin directories.
    private static func options(in text: String) -> Set<String> {
        var found: Set<String> = []
        for word in text.split(whereSeparator: { " []|.,=".contains($0) }) {
            if word.hasPrefix("--") { found.insert(String(word)) }
            if word == "PLUGINS" { found.insert("PLUGINS") }
        }
        if found.remove("--plugins") != nil { found.insert("PLUGINS") }
        found.remove("--with-bundled")
        return found
    }

    @Test(arguments: [
        "run", "demo", "launch", "graph", "routes", "list", "open", "seal", "resolve", "inspect", "new", "completion",
        "verify",
    ])
    func theTableNamesTheOptionsTheHelpLists(command: String) async throws {
        let help = try await HostProcess.run([command, "--help"])
        try #require(help.status == 0, "\(help.standardError)")
        let usage = help.standardOutput.components(separatedBy: "\n\n").first { $0.hasPrefix("USAGE:") } ?? ""
        let table = try Self.table()
        #expect(table[command] == Self.options(in: usage), "the README's row of \(command), and its help's usage")
    }
}

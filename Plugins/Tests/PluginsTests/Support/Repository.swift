import Foundation

/// The repository's files that the tests check: the README and the DocC articles.
enum Repository {
    /// The repository's root directory.
    static let root = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent()

    /// The text of the file at `path`, relative to the root.
    static func text(of path: String) throws -> String {
        try String(contentsOf: root.appendingPathComponent(path), encoding: .utf8)
    }

    /// The fenced code blocks of the Markdown file at `path`, in order: each block's info string
    /// (`swift file=HelloPlugin/Package.swift`, `sh`) and its lines.
    static func codeBlocks(in path: String) throws -> [(info: String, lines: [String])] {
        var blocks: [(info: String, lines: [String])] = []
        var current: (info: String, lines: [String])?
        for line in try text(of: path).split(separator: "\n", omittingEmptySubsequences: false).map(String.init) {
            if let block = current {
                if line == "```" {
                    blocks.append(block)
                    current = nil
                } else {
                    current?.lines.append(line)
                }
            } else if line.hasPrefix("```") {
                current = (String(line.dropFirst(3)), [])
            }
        }
        return blocks
    }

    /// The DocC catalog's articles, relative to the root, sorted.
    static func articles() throws -> [String] {
        let catalog = "Sources/Plugboard/Plugboard.docc"
        return try FileManager.default.contentsOfDirectory(atPath: root.appendingPathComponent(catalog).path)
            .filter { $0.hasSuffix(".md") }.sorted().map { "\(catalog)/\($0)" }
    }
}

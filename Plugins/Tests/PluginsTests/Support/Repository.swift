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

    /// The DocC catalog's articles, relative to the root, sorted.
    static func articles() throws -> [String] {
        let catalog = "Sources/Plugboard/Plugboard.docc"
        return try FileManager.default.contentsOfDirectory(atPath: root.appendingPathComponent(catalog).path)
            .filter { $0.hasSuffix(".md") }.sorted().map { "\(catalog)/\($0)" }
    }
}

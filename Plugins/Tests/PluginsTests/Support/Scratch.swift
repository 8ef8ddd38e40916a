import Foundation

/// A fresh temporary directory for copies of plugin files.
struct Scratch {
    let directory: URL

    init() throws {
        directory = try TemporaryDirectories.make("plugboard-plugins-tests-")
    }

    /// Copies `path` into the scratch directory under `name` and returns the copy's path.
    func copy(_ path: String, as name: String) throws -> String {
        let destination = directory.appendingPathComponent(name)
        try FileManager.default.copyItem(atPath: path, toPath: destination.path)
        return destination.path
    }

    /// A copy of the greeter plugin of another build than the one this package built: the same
    /// name and version, a word of its screen's text changed (the loader takes it for a second copy
    /// of the plugin, where a copy of the same build is the same plugin found twice).
    func otherGreeterBuild(as name: String) throws -> String {
        try patchedCopy(BuildProducts.greeter, as: name, replacing: "comes from", with: "came from ")
    }

    /// Copies `path`, replacing every occurrence of `original` with `replacement` (same length).
    func patchedCopy(_ path: String, as name: String, replacing original: String, with replacement: String) throws
        -> String
    {
        precondition(original.utf8.count == replacement.utf8.count, "a patch must keep the file's layout")
        var bytes = [UInt8](try Data(contentsOf: URL(fileURLWithPath: path)))
        let needle = Array(original.utf8)
        var replaced = 0
        var index = 0
        while index + needle.count <= bytes.count {
            if bytes[index..<index + needle.count].elementsEqual(needle) {
                bytes.replaceSubrange(index..<index + needle.count, with: Array(replacement.utf8))
                replaced += 1
                index += needle.count
            } else {
                index += 1
            }
        }
        precondition(replaced > 0, "'\(original)' does not occur in \(path)")
        let destination = directory.appendingPathComponent(name)
        try Data(bytes).write(to: destination)
        return destination.path
    }
}

import Foundation

/// Real files that are not plugins, made in a fresh temporary directory.
struct BadFiles {
    let directory: URL

    init() throws {
        directory = try TemporaryDirectories.make("plugboard-tests-")
    }

    /// Writes `data` to `name` and returns its path.
    func write(_ name: String, _ data: Data) throws -> String {
        let url = directory.appendingPathComponent(name)
        try data.write(to: url)
        return url.path
    }

    /// The path of a shared object mapped into this process whose file name starts with `prefix`.
    static func systemLibrary(named prefix: String) throws -> String {
        // procfs reports a size of 0, so read to the end instead of by size.
        let handle = try FileHandle(forReadingFrom: URL(fileURLWithPath: "/proc/self/maps"))
        let maps = String(decoding: try handle.readToEnd() ?? Data(), as: UTF8.self)
        let paths = maps.split(separator: "\n").compactMap { line in
            line.split(separator: " ", omittingEmptySubsequences: true).last.map(String.init)
        }
        guard let path = paths.first(where: { ($0 as NSString).lastPathComponent.hasPrefix(prefix) }) else {
            throw CocoaError(.fileNoSuchFile)
        }
        return path
    }
}

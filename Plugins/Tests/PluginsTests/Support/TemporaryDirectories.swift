import Foundation

/// The temporary directories this test process makes, each removed when the process exits: the
/// tests hand their files to the loader and to hosts they start, so none is removed earlier. (The
/// end-to-end package's tests use this file too, through a symbolic link.)
enum TemporaryDirectories {
    private static let made = Locked<[URL]>([])
    private static let removedAtExit: Void = { atexit { TemporaryDirectories.removeAll() } }()

    /// A new directory in the temporary directory whose name starts with `prefix`.
    static func make(_ prefix: String) throws -> URL {
        _ = removedAtExit
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("\(prefix)\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        made.withLock { $0.append(directory) }
        return directory
    }

    private static func removeAll() {
        for directory in made.withLock({ $0 }) {
            // A test may have taken the owner's permissions away from a directory inside; given back
            // to real directories only: a symbolic link may lead anywhere (to the repository, say).
            if let inside = FileManager.default.enumerator(atPath: directory.path) {
                for case let name as String in inside {
                    let path = directory.appendingPathComponent(name).path
                    var status = stat()
                    if lstat(path, &status) == 0, status.st_mode & S_IFMT == S_IFDIR { chmod(path, 0o700) }
                }
            }
            try? FileManager.default.removeItem(at: directory)
        }
    }
}

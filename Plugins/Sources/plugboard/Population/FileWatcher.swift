import FoundationEssentials
import Glibc

/// Watches files, and the source trees under directories, through inotify: the host sleeps until
/// the kernel reports a change, with no polling loop. A watched file counts as changed once its
/// new content is complete: at once when a new file was renamed over it (a rename delivers a whole
/// file), a moment after a writer closed it, or, for a writer that keeps it open, once its size
/// has stayed the same for a while. A tree counts as changed once nothing under it changed for a
/// moment, as an editor saving several files, or a file through a temporary one, settles.
final class FileWatcher {
    /// A watched file or tree whose change settled, and when its last change came.
    struct Change {
        /// The file or tree, as given to the watcher.
        let path: String
        /// The last change: for a file, when its new content was complete.
        let completed: ContinuousClock.Instant
    }

    /// The inotify descriptor: readable when changes came (for `poll`).
    let descriptor: Int32
    /// Each watched directory, by its watch descriptor: its real path, and the tree it belongs
    /// to, if it is watched as a tree.
    private var directories: [Int32: (path: String, tree: String?)] = [:]
    /// The watched files as given, by their real path.
    private var files: [String: String] = [:]
    private var pending: [String: Pending] = [:]

    /// How a change came, which says how long to wait for the rest of it.
    private enum Arrival {
        case renamed, closed, written, tree
    }

    private struct Pending {
        var arrival: Arrival
        var last: ContinuousClock.Instant
        var size: Int?

        /// When the change counts as settled, if no other follows it.
        var settles: ContinuousClock.Instant { last + FileWatcher.quiet(after: arrival) }
    }

    /// Watches `files` (each in its directory, so that a new file renamed over it is seen) and
    /// every directory under each of `trees` (hidden ones aside, and those made later too).
    /// - Throws: ``HostError`` naming a directory that cannot be watched.
    init(files: [String], trees: [String] = []) throws {
        descriptor = inotify_init1(Int32(IN_CLOEXEC | IN_NONBLOCK))
        guard descriptor >= 0 else {
            throw HostError.failed("cannot watch files: \(FileProblem.reason(errno: errno))")
        }
        for file in files {
            let real = realPath(file) ?? file
            self.files[real] = file
            try watch(PathText.directory(of: real), tree: nil)
        }
        for tree in trees { try watchTree(tree, root: tree) }
    }

    deinit { close(descriptor) }

    /// Milliseconds until a pending change may have settled, for `poll`; -1 (no limit) when none is
    /// pending.
    var timeout: Int32 {
        let now = ContinuousClock.now
        guard let next = pending.values.map(\.settles).min() else { return -1 }
        let (seconds, attoseconds) = max(next - now, .zero).components
        return Int32(min(seconds * 1000 + (attoseconds + 999_999_999_999_999) / 1_000_000_000_000_000, 60_000))
    }

    /// Reads the events that came, without waiting.
    func readEvents() {
        var buffer = [UInt8](repeating: 0, count: 16 * 1024)
        while true {
            let count = buffer.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
            guard count > 0 else { return }
            buffer.withUnsafeBytes { bytes in
                var offset = 0
                while offset + MemoryLayout<inotify_event>.size <= count {
                    let event = bytes.loadUnaligned(fromByteOffset: offset, as: inotify_event.self)
                    let nameStart = offset + MemoryLayout<inotify_event>.size
                    let nameBytes = bytes[nameStart..<nameStart + Int(event.len)].prefix { $0 != 0 }
                    handle(event, name: String(decoding: nameBytes, as: UTF8.self))
                    offset = nameStart + Int(event.len)
                }
            }
        }
    }

    /// The files and trees whose change settled, each once.
    func takeSettled() -> [Change] {
        let now = ContinuousClock.now
        var settled: [Change] = []
        for (path, change) in pending where now >= change.settles {
            if change.arrival == .written, let size = Self.size(of: path), size != change.size {
                pending[path] = Pending(arrival: .written, last: now, size: size)
                continue
            }
            pending[path] = nil
            settled.append(Change(path: path, completed: change.last))
        }
        return settled.sorted { $0.path < $1.path }
    }

    /// Whether a change has settled, to be taken with ``takeSettled()``.
    var hasSettled: Bool {
        let now = ContinuousClock.now
        return pending.values.contains { now >= $0.settles }
    }

    private func handle(_ event: inotify_event, name: String) {
        let now = ContinuousClock.now
        // Events were lost: any file may have changed, so each is read again once it settles.
        if event.mask & UInt32(IN_Q_OVERFLOW) != 0 {
            for file in files.values {
                pending[file] = Pending(arrival: .written, last: now, size: Self.size(of: file))
            }
            return
        }
        guard let directory = directories[event.wd] else { return }
        if let tree = directory.tree {
            guard !name.hasPrefix("."), !name.hasSuffix("~") else { return }
            if event.mask & UInt32(IN_ISDIR) != 0, event.mask & UInt32(IN_CREATE | IN_MOVED_TO) != 0 {
                try? watchTree(directory.path + "/" + name, root: tree)
            }
            pending[tree] = Pending(arrival: .tree, last: now)
            return
        }
        guard let file = files[directory.path + "/" + name] else { return }
        let arrival: Arrival =
            event.mask & UInt32(IN_MOVED_TO) != 0
            ? .renamed : event.mask & UInt32(IN_CLOSE_WRITE) != 0 ? .closed : .written
        pending[file] = Pending(arrival: arrival, last: now, size: Self.size(of: file))
    }

    /// How long a change that came as `arrival` must be followed by no other before it counts.
    private static func quiet(after arrival: Arrival) -> Duration {
        switch arrival {
        case .renamed: .zero
        case .closed: .milliseconds(20)
        case .written: .milliseconds(300)
        case .tree: .milliseconds(200)
        }
    }

    private func watch(_ directory: String, tree: String?) throws {
        let mask = IN_CLOSE_WRITE | IN_MOVED_TO | IN_MODIFY | IN_CREATE | IN_DELETE | IN_MOVED_FROM
        let watch = inotify_add_watch(descriptor, directory, UInt32(mask))
        guard watch >= 0 else {
            let reason = FileProblem.reason(errno: errno)
            throw HostError.failed(
                "cannot watch \(directory): \(reason)"
                    + (errno == ENOSPC ? " (the system's limit of watches; raise fs.inotify.max_user_watches)" : ""))
        }
        if directories[watch] == nil || tree != nil { directories[watch] = (directory, tree) }
    }

    /// Watches `directory` and every directory under it that is not hidden, as part of `root`.
    private func watchTree(_ directory: String, root: String) throws {
        try watch(directory, tree: root)
        let entries = (try? FileManager.default.contentsOfDirectory(atPath: directory)) ?? []
        for entry in entries.sorted() where !entry.hasPrefix(".") {
            var isDirectory = false
            let path = directory + "/" + entry
            if FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory), isDirectory {
                try watchTree(path, root: root)
            }
        }
    }

    private static func size(of path: String) -> Int? {
        var status = stat()
        return stat(path, &status) == 0 ? Int(status.st_size) : nil
    }
}

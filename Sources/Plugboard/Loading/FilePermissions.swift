internal import Glibc

/// OpenSSH-style StrictModes checks on plugin files and every directory on the way to them.
///
/// Whoever may write a directory may replace what it holds, so a plugin can be trusted only when
/// the file, its directory and each directory above it are owned by the user or root and writable
/// by no one else. A directory above may be writable by others when it has the sticky bit (as
/// `/tmp` has): then only the owner of an entry may rename or remove it. The directories are
/// followed both as the path names them and as they resolve, through symbolic links, and so is a
/// file that is a symbolic link. A checker checks each directory once, so loading a directory of
/// many plugins checks it and those above it once.
struct FilePermissions {
    /// The user the checks trust besides root.
    private let user = getuid()
    /// What checking each directory and those above it found, by path (`nil` when they may be trusted).
    private var directories: [String: String?] = [:]

    /// Why `path`, whose `stat` is `status`, or a directory on the way to it must not be trusted,
    /// or `nil` when they may be. `isLink` says that `path` itself is a symbolic link.
    mutating func problem(at path: String, status: stat, isLink: Bool) -> String? {
        if let problem = problem(of: path, status: status, kind: "the file") { return problem }
        if let problem = directoryProblem(PathParts(path).directory) { return problem }
        guard isLink, let target = Self.resolved(path) else { return nil }
        return directoryProblem(PathParts(target).directory)
    }

    /// Why `directory` or one above it must not be trusted, checked once per checker.
    private mutating func directoryProblem(_ directory: String) -> String? {
        if let known = directories[directory] { return known }
        let problem = checkDirectory(directory)
        directories[directory] = problem
        return problem
    }

    private func checkDirectory(_ directory: String) -> String? {
        var status = stat()
        // The directory of a file found by `stat`: its own `stat` fails only in a race, which
        // opening the file then reports.
        guard stat(directory, &status) == 0 else { return nil }
        if let problem = problem(of: directory, status: status, kind: "its directory") { return problem }
        let above = Self.ancestors(of: directory) + (Self.resolved(directory).map(Self.ancestors) ?? [])
        var seen: Set<String> = []
        for ancestor in above where seen.insert(ancestor).inserted && stat(ancestor, &status) == 0 {
            if let problem = problem(of: ancestor, status: status, kind: "a directory above it", stickyAllowed: true) {
                return problem
            }
        }
        return nil
    }

    private func problem(of path: String, status: stat, kind: String, stickyAllowed: Bool = false) -> String? {
        let writable = status.st_mode & (S_IWGRP | S_IWOTH)
        if writable != 0 && !(stickyAllowed && status.st_mode & S_ISVTX != 0) {
            let mode = String(status.st_mode & 0o7777, radix: 8)
            let who = writable == S_IWGRP ? "group" : writable == S_IWOTH ? "others" : "group and others"
            return "\(kind) (\(path.escapingControlCharacters)) is writable by \(who) (mode \(mode)); "
                + "run chmod go-w on it"
        }
        if status.st_uid != user && status.st_uid != 0 {
            return "\(kind) (\(path.escapingControlCharacters)) is owned by uid \(status.st_uid), neither you "
                + "(uid \(user)) nor root; change its owner"
        }
        return nil
    }

    /// The directories above `directory`, nearest first, as far up as its path names them.
    private static func ancestors(of directory: String) -> [String] {
        var found: [String] = []
        var current = directory
        while current != "/" && current.utf8.contains(UInt8(ascii: "/")) {
            current = PathParts(current).directory
            found.append(current)
        }
        return found
    }

    /// `path` with every symbolic link resolved, as an absolute path.
    private static func resolved(_ path: String) -> String? {
        guard let real = realpath(path, nil) else { return nil }
        defer { free(real) }
        return String(cString: real)
    }
}

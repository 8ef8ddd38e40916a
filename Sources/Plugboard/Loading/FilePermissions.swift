internal import Glibc

/// OpenSSH-style StrictModes checks on plugin files and every directory on the way to them.
///
/// Whoever may write a directory may replace what it holds, so a plugin can be trusted only when
/// the file, its directory and each directory above it are owned by the user or root and writable
/// by no one else. A directory above may be writable by others when it has the sticky bit (as
/// `/tmp` has): then only the owner of an entry may rename or remove it. The directories are
/// followed both as the path names them and as they resolve, through symbolic links, and so is a
/// file that is a symbolic link. A checker checks each directory once, so loading a directory of
/// many plugins checks it and those above it once. Every path that must not be trusted is named in
/// one answer, with one command that fixes them all.
struct FilePermissions {
    /// A path that must not be trusted, and why.
    struct Finding {
        /// What the path is to the plugin: "the file", "its directory", "a directory above it".
        let kind: String
        let path: String
        /// The file or directory's device and inode: one directory may be named by several paths.
        let identity: [UInt64]
        /// Writable by group or others (`chmod go-w` fixes it), or owned by someone else.
        let writable: Bool
        /// "is writable by group (mode 775)", "is owned by uid 1000, neither you (uid 0) nor root".
        let fault: String

        var description: String { "\(kind) (\(path.escapingControlCharacters)) \(fault)" }
    }

    /// The user the checks trust besides root.
    private let user = getuid()
    /// What checking each directory and those above it found, by path.
    private var directories: [String: [Finding]] = [:]

    /// Why `path`, whose `stat` is `status`, or a directory on the way to it must not be trusted,
    /// or `nil` when they may be. `isLink` says that `path` itself is a symbolic link.
    mutating func problem(at path: String, status: stat, isLink: Bool) -> String? {
        var findings = finding(of: path, status: status, kind: "the file").map { [$0] } ?? []
        findings += directoryFindings(PathParts(path).directory)
        if isLink, let target = Self.resolved(path) { findings += directoryFindings(PathParts(target).directory) }
        var seen: Set<[UInt64]> = []
        return Self.reason(for: findings.filter { seen.insert($0.identity).inserted })
    }

    /// What `findings` says, with the fix: the one path's own, or one command for them all.
    static func reason(for findings: [Finding]) -> String? {
        guard let first = findings.first else { return nil }
        if findings.count == 1 {
            return first.description + (first.writable ? "; run chmod go-w on it" : "; change its owner")
        }
        let writable = findings.filter(\.writable).map(\.path)
        let foreign = findings.filter { !$0.writable }.map(\.path)
        return findings.map(\.description).joined(separator: "; ")
            + (writable.isEmpty
                ? "" : "; run chmod go-w " + writable.map { PluginLoader.shellWord(path: $0) }.joined(separator: " "))
            + (foreign.isEmpty
                ? ""
                : "; change the owner of " + foreign.map { PluginLoader.shellWord(path: $0) }.joined(separator: " "))
    }

    /// What is wrong with `directory` and those above it, checked once per checker.
    private mutating func directoryFindings(_ directory: String) -> [Finding] {
        if let known = directories[directory] { return known }
        let found = checkDirectory(directory)
        directories[directory] = found
        return found
    }

    private func checkDirectory(_ directory: String) -> [Finding] {
        var status = stat()
        // The directory of a file found by `stat`: its own `stat` fails only in a race, which
        // opening the file then reports.
        guard stat(directory, &status) == 0 else { return [] }
        var found = finding(of: directory, status: status, kind: "its directory").map { [$0] } ?? []
        let above = Self.ancestors(of: directory) + (Self.resolved(directory).map(Self.ancestors) ?? [])
        var seen: Set<String> = []
        for ancestor in above where seen.insert(ancestor).inserted && stat(ancestor, &status) == 0 {
            if let finding = finding(of: ancestor, status: status, kind: "a directory above it", stickyAllowed: true) {
                found.append(finding)
            }
        }
        return found
    }

    private func finding(of path: String, status: stat, kind: String, stickyAllowed: Bool = false) -> Finding? {
        let identity = [UInt64(status.st_dev), UInt64(status.st_ino)]
        let writable = status.st_mode & (S_IWGRP | S_IWOTH)
        if writable != 0 && !(stickyAllowed && status.st_mode & S_ISVTX != 0) {
            let mode = String(status.st_mode & 0o7777, radix: 8)
            let who = writable == S_IWGRP ? "group" : writable == S_IWOTH ? "others" : "group and others"
            return Finding(
                kind: kind, path: path, identity: identity, writable: true,
                fault: "is writable by \(who) (mode \(mode))")
        }
        if status.st_uid != user && status.st_uid != 0 {
            return Finding(
                kind: kind, path: path, identity: identity, writable: false,
                fault: "is owned by uid \(status.st_uid), neither you (uid \(user)) nor root")
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
    static func resolved(_ path: String) -> String? {
        guard let real = realpath(path, nil) else { return nil }
        defer { free(real) }
        return String(cString: real)
    }
}

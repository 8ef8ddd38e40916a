internal import Foundation

/// OpenSSH-style StrictModes checks on plugin files and the directories that hold them. A checker
/// checks each directory once, so loading a directory of many plugins checks it once.
struct FilePermissions {
    /// The user the checks trust besides root.
    private let user = getuid()
    /// What checking each directory found, by path (`nil` when it may be trusted).
    private var directories: [String: String?] = [:]

    /// Why `path`, whose `stat` is `status`, or its directory must not be trusted, or `nil` when
    /// they may be.
    mutating func problem(at path: String, status: stat) -> String? {
        if let problem = problem(of: path, status: status, kind: "the file") { return problem }
        let directory = path.utf8.lastIndex(of: UInt8(ascii: "/")).map { String(path[..<$0]) } ?? "."
        let checked = directory.isEmpty ? "/" : directory
        if let known = directories[checked] { return known }
        var directoryStatus = stat()
        let problem =
            stat(checked, &directoryStatus) == 0
            ? problem(of: checked, status: directoryStatus, kind: "its directory") : nil
        directories[checked] = problem
        return problem
    }

    private func problem(of path: String, status: stat, kind: String) -> String? {
        let writable = status.st_mode & (S_IWGRP | S_IWOTH)
        if writable != 0 {
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
}

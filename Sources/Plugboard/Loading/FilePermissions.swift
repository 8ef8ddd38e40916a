internal import Foundation

/// OpenSSH-style StrictModes checks on a plugin file and the directory that holds it.
enum FilePermissions {
    /// Why `path`, whose `stat` is `status`, or its directory must not be trusted, or `nil` when
    /// they may be.
    static func problem(at path: String, status: stat) -> String? {
        if let problem = problem(of: path, status: status, kind: "the file") { return problem }
        let directory = path.utf8.lastIndex(of: UInt8(ascii: "/")).map { String(path[..<$0]) } ?? "."
        var directoryStatus = stat()
        let checked = directory.isEmpty ? "/" : directory
        guard stat(checked, &directoryStatus) == 0 else { return nil }
        return problem(of: checked, status: directoryStatus, kind: "its directory")
    }

    private static func problem(of path: String, status: stat, kind: String) -> String? {
        let writable = status.st_mode & (S_IWGRP | S_IWOTH)
        if writable != 0 {
            let mode = String(status.st_mode & 0o7777, radix: 8)
            let who = writable == S_IWGRP ? "group" : writable == S_IWOTH ? "others" : "group and others"
            return "\(kind) (\(path)) is writable by \(who) (mode \(mode)); run chmod go-w on it"
        }
        let user = getuid()
        if status.st_uid != user && status.st_uid != 0 {
            return "\(kind) (\(path)) is owned by uid \(status.st_uid), neither you (uid \(user)) nor root; "
                + "change its owner"
        }
        return nil
    }
}

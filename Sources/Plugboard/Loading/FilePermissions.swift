internal import Foundation

/// OpenSSH-style StrictModes checks on a plugin file and the directory that holds it.
enum FilePermissions {
    /// Why `path` (or its directory) must not be trusted, or `nil` when it may be.
    static func problem(at path: String) -> String? {
        let directory = (path as NSString).deletingLastPathComponent
        return problem(of: path, kind: "the file")
            ?? problem(of: directory.isEmpty ? "." : directory, kind: "its directory")
    }

    private static func problem(of path: String, kind: String) -> String? {
        var status = stat()
        guard stat(path, &status) == 0 else { return nil }
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

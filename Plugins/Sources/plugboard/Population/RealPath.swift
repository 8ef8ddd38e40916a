import FoundationEssentials
import Glibc

/// `path` with every symbolic link and `.` or `..` resolved, as an absolute path; `nil` when a
/// part of it does not exist or cannot be searched.
func realPath(_ path: String) -> String? {
    guard let resolved = realpath(path, nil) else { return nil }
    defer { free(resolved) }
    return String(cString: resolved)
}

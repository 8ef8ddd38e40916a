internal import Glibc

/// File names that are not valid UTF-8. Swift strings hold only Unicode, so listing a directory
/// replaces each invalid byte of such a name with `�`, and the file cannot be opened by the name
/// listed; without a look at the directory's raw names, it would seem not to exist.
enum UndecodableFileName {
    /// Whether the directory of `path` holds a file whose name is not valid UTF-8 and that is
    /// listed as the last component of `path`.
    static func isListed(as path: String) -> Bool {
        guard path.unicodeScalars.contains("\u{FFFD}") else { return false }
        let slash = path.utf8.lastIndex(of: UInt8(ascii: "/"))
        let directory = slash.map { String(path[..<$0]) }.map { $0.isEmpty ? "/" : $0 } ?? "."
        let name = slash.map { String(path[path.utf8.index(after: $0)...]) } ?? path
        guard let stream = opendir(directory) else { return false }
        defer { closedir(stream) }
        while let entry = readdir(stream) {
            let found = withUnsafeBytes(of: entry.pointee.d_name) { raw in
                let bytes = raw.prefix { $0 != 0 }
                return String(validating: bytes, as: UTF8.self) == nil
                    && String(decoding: bytes, as: UTF8.self) == name
            }
            if found { return true }
        }
        return false
    }
}

/// File names that are not valid UTF-8. Swift strings hold only Unicode, so listing a directory
/// replaces each invalid byte of such a name with `�`, and the file cannot be opened by the name
/// listed; without a look at the directory's raw names, it would seem not to exist.
enum UndecodableFileName {
    /// Whether the directory of `path` holds a file whose name is not valid UTF-8 and that is
    /// listed as the last component of `path`.
    static func isListed(as path: String) -> Bool {
        guard path.unicodeScalars.contains("\u{FFFD}") else { return false }
        let parts = PathParts(path)
        let names = (try? DirectoryNames.raw(in: parts.directory)) ?? []
        return names.contains {
            String(validating: $0, as: UTF8.self) == nil && String(decoding: $0, as: UTF8.self) == parts.name
        }
    }
}

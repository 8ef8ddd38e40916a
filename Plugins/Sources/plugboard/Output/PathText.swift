/// A path's parts, taken from its text alone, as the shell's `dirname` and `basename` take them
/// (without their `.` for a bare name): nothing on disk is read. A slash is one UTF-8 byte that no
/// other character holds, so the parts are found on the bytes.
enum PathText {
    /// `path` without its last component: `plugins` for `plugins/libA.so`, `/` for `/tmp`, empty
    /// for a bare name.
    static func directory(of path: String) -> String {
        let trimmed = withoutTrailingSlashes(path)
        guard let slash = trimmed.utf8.lastIndex(of: UInt8(ascii: "/")) else { return "" }
        let directory = withoutTrailingSlashes(trimmed[..<slash])
        return directory.isEmpty ? "/" : String(directory)
    }

    /// The last component of `path`: `libA.so` for `plugins/libA.so/`, `/` for `/`.
    static func lastComponent(of path: String) -> String {
        let trimmed = withoutTrailingSlashes(path)
        if trimmed.isEmpty { return path.isEmpty ? "" : "/" }
        let slash = trimmed.utf8.lastIndex(of: UInt8(ascii: "/"))
        return String(trimmed[(slash.map(trimmed.utf8.index(after:)) ?? trimmed.startIndex)...])
    }

    /// `name` in `directory`, joined by one slash; `name` alone for an empty directory.
    static func joining(_ directory: String, _ name: String) -> String {
        let base = withoutTrailingSlashes(directory)
        return directory.isEmpty ? name : base.isEmpty ? "/" + name : base + "/" + name
    }

    private static func withoutTrailingSlashes(_ path: some StringProtocol) -> Substring {
        var trimmed = Substring(path)
        while trimmed.utf8.last == UInt8(ascii: "/") { trimmed = trimmed.dropLast() }
        return trimmed
    }
}

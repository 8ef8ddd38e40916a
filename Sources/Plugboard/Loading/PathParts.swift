/// A path's directory and last component, as the path names them (`.` for a bare name).
struct PathParts {
    let directory: String
    let name: String

    init(_ path: String) {
        guard let slash = path.utf8.lastIndex(of: UInt8(ascii: "/")) else {
            (directory, name) = (".", path)
            return
        }
        directory = slash == path.utf8.startIndex ? "/" : String(path[..<slash])
        name = String(path[path.utf8.index(after: slash)...])
    }

    /// `name` in `directory`: the two joined by one slash (`directory`'s trailing slashes
    /// dropped, a root directory kept), or `name` alone for an empty directory.
    static func joining(_ directory: String, _ name: String) -> String {
        var base = Substring(directory)
        // By bytes, and joined as a `String`: counting the characters of a `Substring` (which
        // joining one to a string does, to reserve room) walks the whole path.
        while base.utf8.count > 1 && base.utf8.last == UInt8(ascii: "/") { base = base.dropLast() }
        return base.isEmpty ? name : base == "/" ? "/" + name : String(base) + "/" + name
    }
}

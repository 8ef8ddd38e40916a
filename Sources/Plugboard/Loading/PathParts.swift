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
}

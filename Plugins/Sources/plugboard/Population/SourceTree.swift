/// Where the host was built from: the packages whose sources hold this file, found from its
/// place under `Sources/`, whatever folder of the host it is in.
enum SourceTree {
    /// The package of the host and the bundled plugins: the directory above `Sources/`.
    static var pluginsPackage: String {
        var path = #filePath
        while !path.isEmpty && path != "/" && PathText.lastComponent(of: path) != "Sources" {
            path = PathText.directory(of: path)
        }
        return PathText.directory(of: path)
    }

    /// The runtime's package, which holds the host's.
    static var runtimePackage: String {
        PathText.directory(of: pluginsPackage)
    }
}

internal import Glibc

extension PluginLoader {
    /// The files beside the plugin file `path` that it links — other plugins' libraries — and the
    /// ones those link in turn, dependencies first, each once: what to load before it when it is
    /// loaded alone (as `plugboard` does to read an unsealed plugin's declarations in a child
    /// process). A plugin that links only the runtime and the toolchain's libraries has none.
    ///
    /// - Parameter path: A plugin file.
    /// - Returns: Paths of the linked files, in the order to load them; the file itself is not among them.
    ///
    /// ```swift
    /// let blog = "plugins/libBlogPlugin.so"
    /// PluginLoader().load(files: PluginLoader.linkedFiles(of: blog) + [blog])  // the account first
    /// ```
    public static func linkedFiles(of path: String) -> [String] {
        var found: [String] = []
        var seen: Set<String> = [path]
        collectLinkedFiles(of: path, into: &found, seen: &seen)
        return found
    }

    private static func collectLinkedFiles(of path: String, into found: inout [String], seen: inout Set<String>) {
        guard let file = try? ELFFile(path: path) else { return }
        // Beside the file as its path names it, so that a file named twice is named alike; else
        // beside the file a symbolic link leads to.
        let directories = [PathParts(path).directory, PathParts(FilePermissions.resolved(path) ?? path).directory]
        let dynamic = DynamicSection(of: file)
        for library in dynamic.needed where dynamic.searchesBeside && library != runtimeLibraryName {
            let places = directories.map { $0 == "/" ? "/\(library)" : "\($0)/\(library)" }
            guard let linked = places.first(where: { access($0, F_OK) == 0 }), seen.insert(linked).inserted
            else { continue }
            collectLinkedFiles(of: linked, into: &found, seen: &seen)
            found.append(linked)
        }
    }
}

internal import Glibc

extension PluginLoader {
    /// The files that the plugin file `path` links — other plugins' libraries — and the ones those
    /// link in turn, dependencies first, each once: what to load before it when it is loaded alone
    /// (as `plugboard` does to read an unsealed plugin's declarations in a child process). Each is
    /// found beside the file, where its search path (`$ORIGIN`) says to look, or else among
    /// `installed`, the plugin files of the host's population, by its file name: a plugin copied
    /// into a directory of its own binds to the installed plugin it needs. A plugin that links only
    /// the runtime and the toolchain's libraries has none.
    ///
    /// - Parameters:
    ///   - path: A plugin file.
    ///   - installed: The other plugin files of the population.
    /// - Returns: Paths of the linked files, in the order to load them; the file itself is not among them.
    ///
    /// ```swift
    /// let blog = "plugins/libBlogPlugin.so"
    /// PluginLoader().load(files: PluginLoader.linkedFiles(of: blog) + [blog])  // the account first
    /// ```
    public static func linkedFiles(of path: String, installed: [String] = []) -> [String] {
        var found: [String] = []
        var seen: Set<String> = [path]
        collectLinkedFiles(of: path, installed: installed, into: &found, seen: &seen)
        return found
    }

    private static func collectLinkedFiles(
        of path: String, installed: [String], into found: inout [String], seen: inout Set<String>
    ) {
        guard let file = try? ELFFile(path: path) else { return }
        // Beside the file as its path names it, so that a file named twice is named alike; else
        // beside the file a symbolic link leads to.
        let directories = [PathParts(path).directory, PathParts(FilePermissions.resolved(path) ?? path).directory]
        let dynamic = DynamicSection(of: file)
        for library in dynamic.needed where library != runtimeLibraryName {
            let places =
                dynamic.searchesBeside ? directories.map { $0 == "/" ? "/\(library)" : "\($0)/\(library)" } : []
            guard
                let linked = places.first(where: { access($0, F_OK) == 0 })
                    ?? installed.first(where: { PathParts($0).name == library }),
                seen.insert(linked).inserted
            else { continue }
            collectLinkedFiles(of: linked, installed: installed, into: &found, seen: &seen)
            found.append(linked)
        }
    }
}

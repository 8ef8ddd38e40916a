/// A host that keeps what it checked of each plugin file, by the file's identity, starts without
/// opening the files it knows.
extension PluginLoader {
    /// What a host kept of a file it checked at an earlier start, to stand for reading it again
    /// while the file keeps its identity.
    ///
    /// ```swift
    /// let kept: PluginLoader.KnownFile = .sealed(manifest)
    /// ```
    public enum KnownFile: Sendable {
        /// The file held this sealed manifest.
        ///
        /// ```swift
        /// let kept: PluginLoader.KnownFile = .sealed(try PluginLoader().check(file: path)!)
        /// ```
        case sealed(SealedManifest)
        /// The file was not sealed.
        ///
        /// ```swift
        /// if try PluginLoader().check(file: path) == nil { kept[path] = .unsealed }
        /// ```
        case unsealed
    }

    /// Checks each of `paths` as ``check(files:)`` does, except that a file whose identity `known`
    /// recognizes is not opened: its permissions are checked from its status (each directory once,
    /// as for any file), and what `known` kept of it stands for its sealed section, whose
    /// fingerprint and name are checked as if read from the file. A host that keeps what it
    /// checked by each file's identity (``FileIdentity``, taken before the file is opened) starts
    /// without opening the files it knows; a file is always read, and checked whole, before it is
    /// loaded.
    ///
    /// ```swift
    /// let results = PluginLoader().check(files: paths) { position, identity in kept[paths[position]]?[identity] }
    /// ```
    /// - Parameters:
    ///   - paths: Plugin files.
    ///   - known: Called once for each file whose status could be read, in order, with its position
    ///     in `paths` and its identity; returns what was kept of the file in that state, or `nil` to
    ///     read it.
    /// - Returns: For each file, in order, its sealed manifest (`nil` when it is not sealed), or why
    ///   it is refused.
    public func check(
        files paths: [String], known: (_ position: Int, _ identity: FileIdentity) -> KnownFile?
    ) -> [Result<SealedManifest?, PluginLoadError>] {
        var permissions = FilePermissions()
        return paths.indices.map { position in
            Result { () throws(PluginLoadError) in
                try check(paths[position], permissions: &permissions) { known(position, $0) }
            }
        }
    }
}

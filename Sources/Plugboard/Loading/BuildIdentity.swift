internal import Glibc

extension PluginLoader {
    /// The identity of the build a plugin file holds: a digest (64-bit FNV-1a) of what is
    /// mapped when it loads — its code, data, symbols and Swift metadata, the sections the image
    /// maps — without its build ID note and Swift's module hash, which differ between two builds of
    /// the same sources in two build directories. Two files with the same identity hold the same
    /// build, whatever else differs (their debug information, a sealed manifest); `nil` when the
    /// file cannot be read as a 64-bit ELF image.
    ///
    /// The package of a plugin that imports another plugin's module builds that plugin's library
    /// too, into its own build directory: there it is the same build as the one installed, and a
    /// host that finds both loads it once.
    ///
    /// ```swift
    /// PluginLoader.buildIdentity(ofFileAt: "Notes/.build/debug/libAccountPlugin.so")
    ///     == PluginLoader.buildIdentity(ofFileAt: "plugins/libAccountPlugin.so")  // true: the same build
    /// ```
    public static func buildIdentity(ofFileAt path: String) -> String? {
        guard let file = try? ELFFile(path: path), let sections = ELFSections(file) else { return nil }
        var digest = ContentDigest.Running()
        let excluded = [Array(".swift_modhash".utf8)]
        do {
            try sections.forEachSection { section throws(ManifestReadError) in
                // Mapped (SHF_ALLOC), with bytes in the file (not SHT_NOBITS), and not a note.
                guard section.flags & 2 != 0, section.type != 8, section.type != 7,
                    !excluded.contains(where: { section.name.elementsEqual($0) })
                else { return true }
                guard let contents = section.contents() else {
                    throw ManifestReadError(reason: "a section lies outside the file")
                }
                Array(section.name).withUnsafeBytes { digest.add($0) }
                contents.withUnsafeBytes { digest.add($0) }
                return true
            }
        } catch {
            return nil
        }
        return digest.text
    }
}

public import FoundationEssentials

/// Reads the `.plugboard_manifest` section of a plugin file without loading it.
///
/// ```swift
/// if let sealed = try ManifestReader.read(fileAt: "plugins/libCircles.so") {
///     print(sealed.name, sealed.routes)
/// }
/// ```
public enum ManifestReader {
    /// The ELF section that holds a sealed manifest.
    ///
    /// ```swift
    /// // objdump -s -j .plugboard_manifest plugins/libCircles.so
    /// print(ManifestReader.sectionName)
    /// ```
    public static let sectionName = ".plugboard_manifest"

    /// The sealed manifest of the file at `path`, or `nil` when it has none.
    /// - Throws: ``ManifestReadError`` when the file cannot be read or the section is malformed.
    ///
    /// ```swift
    /// if let sealed = try ManifestReader.read(fileAt: "plugins/libCircles.so") {
    ///     print(sealed.name, sealed.routes)  // nothing of the plugin ran
    /// }
    /// ```
    public static func read(fileAt path: String) throws(ManifestReadError) -> SealedManifest? {
        let file: ELFFile
        do {
            file = try ELFFile(path: path)
        } catch {
            throw ManifestReadError(reason: "the file cannot be read: \(error.reason)")
        }
        return try read(from: file)
    }

    /// The sealed manifest in the ELF image `data`, or `nil` when it has none. Every offset is
    /// checked against the data, so any bytes give an answer or a typed error, never a trap.
    /// - Throws: ``ManifestReadError`` when the headers or the section are malformed.
    ///
    /// ```swift
    /// let data = try Data(contentsOf: URL(filePath: "plugins/libCircles.so"))
    /// let sealed = try ManifestReader.read(data)
    /// ```
    public static func read(_ data: Data) throws(ManifestReadError) -> SealedManifest? {
        try read(from: data)
    }

    /// The manifest the JSON `bytes` spell, as `plugboard seal` writes it into a file's section
    /// (keys sorted), and as a host keeps it for a file it read before.
    /// - Throws: ``ManifestReadError`` when the bytes are no such manifest.
    ///
    /// ```swift
    /// let manifest = try ManifestReader.manifest(json: Array(try JSONEncoder().encode(sealed)))
    /// ```
    public static func manifest(json bytes: [UInt8]) throws(ManifestReadError) -> SealedManifest {
        try ManifestJSON.decode(bytes)
    }

    /// The sealed manifest in the ELF image `source`, or `nil` when it has none.
    static func read<Source: ELFSource>(from source: Source) throws(ManifestReadError) -> SealedManifest? {
        guard let sections = ELFSections(source) else { throw ManifestReadError(reason: "not a 64-bit ELF file") }
        guard let section = try sections.section(named: sectionName) else { return nil }
        return try ManifestJSON.decode(section)
    }
}

/// Why a sealed manifest could not be read.
///
/// ```swift
/// do {
///     _ = try ManifestReader.read(fileAt: "plugins/libBroken.so")
/// } catch {
///     print(error)  // e.g. the manifest section is cut short
/// }
/// ```
public struct ManifestReadError: Error, Sendable, Hashable, CustomStringConvertible {
    /// What is wrong.
    ///
    /// ```swift
    /// catch { print(error.reason) }
    /// ```
    public let reason: String

    /// The reason.
    ///
    /// ```swift
    /// catch { print(error.description) }
    /// ```
    public var description: String { reason }
}

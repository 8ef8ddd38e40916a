public import Foundation

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
        let data: Data
        do {
            data = try Data(contentsOf: URL(fileURLWithPath: path), options: .alwaysMapped)
        } catch {
            throw ManifestReadError(reason: "the file cannot be read: \(error.localizedDescription)")
        }
        return try read(data)
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
        guard let bytes = ELFSections(data) else { throw ManifestReadError(reason: "not a 64-bit ELF file") }
        guard let section = try bytes.section(named: sectionName) else { return nil }
        do {
            return try JSONDecoder().decode(SealedManifest.self, from: section)
        } catch {
            throw ManifestReadError(reason: "the sealed manifest is not valid: \(error)")
        }
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

/// The section headers of a 64-bit little-endian ELF image, read with every offset checked.
struct ELFSections {
    private let data: Data

    init?(_ data: Data) {
        guard data.count >= 64, data.prefix(4) == Data([0x7F, 0x45, 0x4C, 0x46]), data[data.startIndex + 4] == 2,
            data[data.startIndex + 5] == 1
        else { return nil }
        self.data = data
    }

    /// The contents of the section called `name`, or `nil` when there is none.
    func section(named name: String) throws(ManifestReadError) -> Data? {
        guard let table = integer(UInt64.self, at: 40), let entrySize = integer(UInt16.self, at: 58),
            let count = integer(UInt16.self, at: 60), let namesIndex = integer(UInt16.self, at: 62)
        else { throw ManifestReadError(reason: "the ELF header is truncated") }
        guard count > 0 else { return nil }
        guard entrySize >= 64, namesIndex < count else {
            throw ManifestReadError(reason: "the section table is malformed")
        }
        func header(_ index: UInt16) throws(ManifestReadError) -> (name: UInt32, offset: UInt64, size: UInt64) {
            let (start, overflow) = table.addingReportingOverflow(UInt64(index) * UInt64(entrySize))
            guard !overflow, start <= UInt64(Int.max - 64), let nameOffset = integer(UInt32.self, at: Int(start)),
                let offset = integer(UInt64.self, at: Int(start) + 24),
                let size = integer(UInt64.self, at: Int(start) + 32)
            else { throw ManifestReadError(reason: "section header \(index) lies outside the file") }
            return (nameOffset, offset, size)
        }
        let namesHeader = try header(namesIndex)
        guard let names = slice(at: namesHeader.offset, size: namesHeader.size) else {
            throw ManifestReadError(reason: "the section names lie outside the file")
        }
        let wanted = Array(name.utf8) + [0]
        for index in 0..<count {
            let section = try header(index)
            let start = Int(section.name)
            guard start < names.count, names.count - start >= wanted.count,
                names[(names.startIndex + start)...].starts(with: wanted)
            else { continue }
            guard let contents = slice(at: section.offset, size: section.size) else {
                throw ManifestReadError(reason: "the \(name) section lies outside the file")
            }
            return contents
        }
        return nil
    }

    private func integer<Value: FixedWidthInteger>(_: Value.Type, at offset: Int) -> Value? {
        guard offset >= 0, offset <= data.count - MemoryLayout<Value>.size else { return nil }
        return Value(littleEndian: data.withUnsafeBytes { $0.loadUnaligned(fromByteOffset: offset, as: Value.self) })
    }

    private func slice(at offset: UInt64, size: UInt64) -> Data? {
        let (end, overflow) = offset.addingReportingOverflow(size)
        guard !overflow, end <= UInt64(data.count) else { return nil }
        return data.subdata(in: (data.startIndex + Int(offset))..<(data.startIndex + Int(end)))
    }
}

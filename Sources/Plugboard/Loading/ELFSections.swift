internal import Foundation

/// The section headers of a 64-bit little-endian ELF image, read with every offset checked, so
/// any bytes give an answer or a typed error, never a trap.
struct ELFSections {
    private let data: Data

    init?(_ data: Data) {
        guard data.count >= 64, data.starts(with: [0x7F, 0x45, 0x4C, 0x46]), data[data.startIndex + 4] == 2,
            data[data.startIndex + 5] == 1
        else { return nil }
        self.data = data
    }

    /// The contents of the section called `name`, or `nil` when there is none.
    func section(named name: String) throws(ManifestReadError) -> Data? {
        let wanted = Array(name.utf8) + [0]
        let found = data.withUnsafeBytes { Self.range(of: wanted, in: $0) }
        guard let range = try found.get() else { return nil }
        return data.subdata(in: (data.startIndex + range.lowerBound)..<(data.startIndex + range.upperBound))
    }

    /// Where the section whose NUL-terminated name is `wanted` lies in `bytes`.
    private static func range(
        of wanted: [UInt8],
        in bytes: UnsafeRawBufferPointer
    ) -> Result<Range<Int>?, ManifestReadError> {
        let size = UInt64(bytes.count)
        func integer<Value: FixedWidthInteger>(_: Value.Type, at offset: UInt64) -> Value? {
            guard offset <= size, size - offset >= UInt64(MemoryLayout<Value>.size) else { return nil }
            return Value(littleEndian: bytes.loadUnaligned(fromByteOffset: Int(offset), as: Value.self))
        }
        func extent(at offset: UInt64, size length: UInt64) -> Range<Int>? {
            let (end, overflow) = offset.addingReportingOverflow(length)
            guard !overflow, end <= size else { return nil }
            return Int(offset)..<Int(end)
        }
        guard let table = integer(UInt64.self, at: 40), let entrySize = integer(UInt16.self, at: 58),
            let count = integer(UInt16.self, at: 60), let namesIndex = integer(UInt16.self, at: 62)
        else { return .failure(ManifestReadError(reason: "the ELF header is truncated")) }
        guard count > 0 else { return .success(nil) }
        guard entrySize >= 64, namesIndex < count else {
            return .failure(ManifestReadError(reason: "the section table is malformed"))
        }
        // A section header: its name's offset in the names section at 0, its offset at 24, its size at 32.
        func header(_ index: UInt16) -> (name: UInt64, extent: (offset: UInt64, size: UInt64))? {
            let (start, overflow) = table.addingReportingOverflow(UInt64(index) * UInt64(entrySize))
            guard !overflow, extent(at: start, size: 40) != nil, let name = integer(UInt32.self, at: start),
                let offset = integer(UInt64.self, at: start + 24), let length = integer(UInt64.self, at: start + 32)
            else { return nil }
            return (UInt64(name), (offset, length))
        }
        guard let namesHeader = header(namesIndex) else {
            return .failure(ManifestReadError(reason: "section header \(namesIndex) lies outside the file"))
        }
        guard let names = extent(at: namesHeader.extent.offset, size: namesHeader.extent.size) else {
            return .failure(ManifestReadError(reason: "the section names lie outside the file"))
        }
        for index in 0..<count {
            guard let section = header(index) else {
                return .failure(ManifestReadError(reason: "section header \(index) lies outside the file"))
            }
            guard section.name < UInt64(names.count), UInt64(names.count) - section.name >= UInt64(wanted.count)
            else { continue }
            let start = names.lowerBound + Int(section.name)
            guard UnsafeRawBufferPointer(rebasing: bytes[start..<(start + wanted.count)]).elementsEqual(wanted)
            else { continue }
            guard let contents = extent(at: section.extent.offset, size: section.extent.size) else {
                let name = String(decoding: wanted.dropLast(), as: UTF8.self)
                return .failure(ManifestReadError(reason: "the \(name) section lies outside the file"))
            }
            return .success(contents)
        }
        return .success(nil)
    }
}

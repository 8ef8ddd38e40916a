/// The section headers of a 64-bit little-endian ELF image, read with every offset checked, so
/// any bytes give an answer or a typed error, never a trap.
struct ELFSections<Source: ELFSource> {
    private let source: Source
    private let header: [UInt8]

    init?(_ source: Source) {
        guard let header = source.bytes(at: 0, count: 64), header.starts(with: [0x7F, 0x45, 0x4C, 0x46]),
            header[4] == 2, header[5] == 1
        else { return nil }
        self.source = source
        self.header = header
    }

    /// The contents of the section called `name`, or `nil` when there is none.
    func section(named name: String) throws(ManifestReadError) -> [UInt8]? {
        guard let table = header.integer(UInt64.self, at: 40),
            let entrySize = header.integer(UInt16.self, at: 58),
            let count = header.integer(UInt16.self, at: 60),
            let namesIndex = header.integer(UInt16.self, at: 62)
        else { throw ManifestReadError(reason: "the ELF header is truncated") }
        guard count > 0 else { return nil }
        guard entrySize >= 64, namesIndex < count else {
            throw ManifestReadError(reason: "the section table is malformed")
        }
        let tableSize = UInt64(count) * UInt64(entrySize)
        guard let headers = source.bytes(at: table, count: tableSize) else {
            throw ManifestReadError(reason: "the section table lies outside the file")
        }
        // A section header: its name's offset in the names section at 0, its offset at 24, its size at 32.
        func field<Value: FixedWidthInteger>(_ type: Value.Type, of index: UInt16, at offset: Int) -> Value {
            headers.integer(type, at: Int(index) * Int(entrySize) + offset) ?? 0
        }
        let names = source.bytes(
            at: field(UInt64.self, of: namesIndex, at: 24), count: field(UInt64.self, of: namesIndex, at: 32))
        guard let names else { throw ManifestReadError(reason: "the section names lie outside the file") }
        let wanted = Array(name.utf8) + [0]
        for index in 0..<count {
            let start = Int(field(UInt32.self, of: index, at: 0))
            guard start < names.count, names.count - start >= wanted.count,
                names[start..<(start + wanted.count)].elementsEqual(wanted)
            else { continue }
            guard
                let contents = source.bytes(
                    at: field(UInt64.self, of: index, at: 24), count: field(UInt64.self, of: index, at: 32))
            else { throw ManifestReadError(reason: "the \(name) section lies outside the file") }
            return contents
        }
        return nil
    }
}

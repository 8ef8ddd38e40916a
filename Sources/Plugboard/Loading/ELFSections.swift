/// The section headers of a 64-bit little-endian ELF image, read with every offset checked, so
/// any bytes give an answer or a typed error, never a trap.
struct ELFSections<Source: ELFSource> {
    private let source: Source
    private let header: [UInt8]
    /// How many bytes before the section table are read with it.
    static var readBeforeTable: UInt64 { 4096 }

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
        // The section names and a sealed manifest usually lie just before the table: one read of
        // the table and the bytes before it serves all three.
        let before = min(table, Self.readBeforeTable)
        let tableSize = UInt64(count) * UInt64(entrySize)
        guard let region = source.bytes(at: table - before, count: tableSize + before) else {
            throw ManifestReadError(reason: "the section table lies outside the file")
        }
        // A section header: its name's offset in the names section at 0, its offset at 24, its size at 32.
        func field<Value: FixedWidthInteger>(_ type: Value.Type, of index: UInt16, at offset: Int) -> Value {
            region.integer(type, at: Int(before) + Int(index) * Int(entrySize) + offset) ?? 0
        }
        func contents(of index: UInt16) -> ArraySlice<UInt8>? {
            let (offset, size) = (field(UInt64.self, of: index, at: 24), field(UInt64.self, of: index, at: 32))
            let (end, overflow) = offset.addingReportingOverflow(size)
            guard !overflow, offset >= table - before, end <= table else {
                return source.bytes(at: offset, count: size)?[...]
            }
            let start = Int(offset - (table - before))
            return region[start..<(start + Int(size))]
        }
        guard let names = contents(of: namesIndex) else {
            throw ManifestReadError(reason: "the section names lie outside the file")
        }
        let wanted = Array(name.utf8)
        for index in 0..<count {
            let start = names.startIndex + Int(field(UInt32.self, of: index, at: 0))
            guard start < names.endIndex, names.endIndex - start > wanted.count, names[start + wanted.count] == 0,
                names[start..<(start + wanted.count)].elementsEqual(wanted)
            else { continue }
            guard let contents = contents(of: index) else {
                throw ManifestReadError(reason: "the \(name) section lies outside the file")
            }
            return Array(contents)
        }
        return nil
    }
}

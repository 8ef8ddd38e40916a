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
        let wanted = Array(name.utf8)
        var found: [UInt8]?
        try forEachSection { section throws(ManifestReadError) in
            guard section.name.elementsEqual(wanted) else { return true }
            guard let contents = section.contents() else {
                throw ManifestReadError(reason: "the \(name) section lies outside the file")
            }
            found = Array(contents)
            return false
        }
        return found
    }

    /// A section header as ``forEachSection(_:)`` gives it.
    struct Section {
        /// Its name's bytes.
        let name: ArraySlice<UInt8>
        /// Its type (`SHT_NOTE` is 7, `SHT_NOBITS` 8: no bytes in the file).
        let type: UInt32
        /// Its flags (`SHF_ALLOC`, 2: mapped when the image is loaded).
        let flags: UInt64
        /// Its bytes, or `nil` when they lie outside the file.
        let contents: () -> ArraySlice<UInt8>?
    }

    /// Calls `body` with each section, in the table's order, until it returns false.
    func forEachSection(
        _ body: (Section) throws(ManifestReadError) -> Bool
    ) throws(ManifestReadError) {
        guard let table = header.integer(UInt64.self, at: 40),
            let entrySize = header.integer(UInt16.self, at: 58),
            let count = header.integer(UInt16.self, at: 60),
            let namesIndex = header.integer(UInt16.self, at: 62)
        else { throw ManifestReadError(reason: "the ELF header is truncated") }
        guard count > 0 else { return }
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
        // A section header: its name's offset in the names section at 0, its type at 4, its flags
        // at 8, its offset at 24, its size at 32.
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
        for index in 0..<count {
            let start = names.startIndex + Int(field(UInt32.self, of: index, at: 0))
            guard start < names.endIndex, let end = names[start...].firstIndex(of: 0) else { continue }
            let section = Section(
                name: names[start..<end], type: field(UInt32.self, of: index, at: 4),
                flags: field(UInt64.self, of: index, at: 8), contents: { contents(of: index) })
            guard try body(section) else { return }
        }
    }
}

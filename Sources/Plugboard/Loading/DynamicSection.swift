/// What a shared object's dynamic section says of libraries, read before `dlopen` maps it: the
/// libraries it names to be loaded with it (its `DT_NEEDED` entries), and the name it answers to
/// itself (its `DT_SONAME`), through which the dynamic linker binds another object's `DT_NEEDED`
/// entry to it once it is mapped.
struct DynamicSection {
    /// The names of the libraries the object needs, in order.
    let needed: [String]
    /// The object's soname, if it has one (SwiftPM sets none unless asked with
    /// `-Xlinker -soname=NAME`).
    let soname: String?
    /// Whether its library search path (`DT_RUNPATH` or `DT_RPATH`) names `$ORIGIN`, as SwiftPM's
    /// products do: it expects libraries it links to lie beside it.
    let searchesBeside: Bool

    /// Reads the dynamic section of the 64-bit little-endian ELF image `source`; empty when it has
    /// no dynamic section or the section cannot be read (the ELF checks refuse such a file).
    init<Source: ELFSource>(of source: Source) {
        self = Self.read(source) ?? .unread
    }

    /// Nothing read: for a file that is only checked, not loaded.
    static let unread = DynamicSection(needed: [], soname: nil, searchesBeside: false)

    private init(needed: [String], soname: String?, searchesBeside: Bool) {
        self.needed = needed
        self.soname = soname
        self.searchesBeside = searchesBeside
    }

    private static func read<Source: ELFSource>(_ source: Source) -> DynamicSection? {
        guard let header = source.bytes(at: 0, count: 64),
            let programs = header.integer(UInt64.self, at: 32),
            let entrySize = header.integer(UInt16.self, at: 54).map(UInt64.init),
            let count = header.integer(UInt16.self, at: 56).map(UInt64.init), entrySize >= 56,
            let table = source.bytes(at: programs, count: entrySize &* count)
        else { return nil }
        // Program headers: type at 0, file offset at 8, address at 16, size in the file at 32.
        var loads: [(address: UInt64, offset: UInt64, size: UInt64)] = []
        var dynamic: (offset: UInt64, size: UInt64)?
        for index in 0..<Int(count) {
            let entry = index * Int(entrySize)
            guard let type = table.integer(UInt32.self, at: entry),
                let offset = table.integer(UInt64.self, at: entry + 8),
                let address = table.integer(UInt64.self, at: entry + 16),
                let size = table.integer(UInt64.self, at: entry + 32)
            else { return nil }
            if type == 1 { loads.append((address, offset, size)) }
            if type == 2 { dynamic = (offset, size) }
        }
        guard let dynamic, dynamic.size <= 1 << 20, let entries = source.bytes(at: dynamic.offset, count: dynamic.size)
        else { return nil }
        // Dynamic entries: a tag and a value, 8 bytes each; DT_NEEDED 1, DT_STRTAB 5, DT_STRSZ 10,
        // DT_SONAME 14, DT_RPATH 15, DT_RUNPATH 29.
        var needed: [UInt64] = []
        var soname: UInt64?
        var searchPaths: [UInt64] = []
        var (strings, stringsSize): (UInt64?, UInt64?) = (nil, nil)
        for entry in stride(from: 0, to: entries.count - 15, by: 16) {
            guard let tag = entries.integer(UInt64.self, at: entry),
                let value = entries.integer(UInt64.self, at: entry + 8)
            else { break }
            switch tag {
            case 0: break
            case 1: needed.append(value)
            case 5: strings = value
            case 10: stringsSize = value
            case 14: soname = value
            case 15, 29: searchPaths.append(value)
            default: continue
            }
            if tag == 0 { break }
        }
        // The string table is given by address: found in the file through the segment holding it.
        guard let strings, let stringsSize, stringsSize <= 1 << 20,
            let segment = loads.first(where: { strings >= $0.address && strings - $0.address < $0.size }),
            let text = source.bytes(at: segment.offset + (strings - segment.address), count: stringsSize)
        else { return nil }
        func string(at offset: UInt64) -> String? {
            guard offset < UInt64(text.count) else { return nil }
            return String(decoding: text[Int(offset)...].prefix { $0 != 0 }, as: UTF8.self)
        }
        let searchesBeside = searchPaths.compactMap(string).contains {
            $0.contains("$ORIGIN") || $0.contains("${ORIGIN}")
        }
        return DynamicSection(
            needed: needed.compactMap(string), soname: soname.flatMap(string), searchesBeside: searchesBeside)
    }
}

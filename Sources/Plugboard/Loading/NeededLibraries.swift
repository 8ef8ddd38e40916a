/// The libraries a shared object names to be loaded with it (its `DT_NEEDED` entries) that the
/// dynamic linker would look for in the object's own directory (its `DT_RUNPATH` or `DT_RPATH`
/// names `$ORIGIN`, as SwiftPM's products do), read from its dynamic section before `dlopen` maps
/// it.
enum NeededLibraries {
    /// The `DT_NEEDED` names of the 64-bit little-endian ELF image `source`, in order, when its
    /// search path names `$ORIGIN`; empty otherwise, or when it has no dynamic section or the
    /// section cannot be read (the ELF checks refuse such a file).
    static func searchedBeside<Source: ELFSource>(in source: Source) -> [String] {
        guard let header = source.bytes(at: 0, count: 64),
            let programs = header.integer(UInt64.self, at: 32),
            let entrySize = header.integer(UInt16.self, at: 54).map(UInt64.init),
            let count = header.integer(UInt16.self, at: 56).map(UInt64.init), entrySize >= 56,
            let table = source.bytes(at: programs, count: entrySize &* count)
        else { return [] }
        // Program headers: type at 0, file offset at 8, address at 16, size in the file at 32.
        var loads: [(address: UInt64, offset: UInt64, size: UInt64)] = []
        var dynamic: (offset: UInt64, size: UInt64)?
        for index in 0..<Int(count) {
            let entry = index * Int(entrySize)
            guard let type = table.integer(UInt32.self, at: entry),
                let offset = table.integer(UInt64.self, at: entry + 8),
                let address = table.integer(UInt64.self, at: entry + 16),
                let size = table.integer(UInt64.self, at: entry + 32)
            else { return [] }
            if type == 1 { loads.append((address, offset, size)) }
            if type == 2 { dynamic = (offset, size) }
        }
        guard let dynamic, dynamic.size <= 1 << 20, let entries = source.bytes(at: dynamic.offset, count: dynamic.size)
        else { return [] }
        // Dynamic entries: a tag and a value, 8 bytes each; DT_NEEDED 1, DT_STRTAB 5, DT_STRSZ 10,
        // DT_RPATH 15, DT_RUNPATH 29.
        var needed: [UInt64] = []
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
            case 15, 29: searchPaths.append(value)
            default: continue
            }
            if tag == 0 { break }
        }
        // The string table is given by address: found in the file through the segment holding it.
        guard let strings, let stringsSize, stringsSize <= 1 << 20,
            let segment = loads.first(where: { strings >= $0.address && strings - $0.address < $0.size }),
            let text = source.bytes(at: segment.offset + (strings - segment.address), count: stringsSize)
        else { return [] }
        func string(at offset: UInt64) -> String? {
            guard offset < UInt64(text.count) else { return nil }
            return String(decoding: text[Int(offset)...].prefix { $0 != 0 }, as: UTF8.self)
        }
        guard searchPaths.compactMap(string).contains(where: { $0.contains("$ORIGIN") || $0.contains("${ORIGIN}") })
        else { return [] }
        return needed.compactMap(string)
    }
}

/// Checks that a file is a complete ELF shared object for this machine before `dlopen` maps it.
///
/// `dlopen` on a truncated file can map pages past its end and crash the host on first access;
/// this check reads only the headers and refuses such files with a reason.
enum ELFCheck {
    #if arch(x86_64)
        static let machine: UInt16 = 62
        static let machineName = "x86_64"
    #elseif arch(arm64)
        static let machine: UInt16 = 183
        static let machineName = "aarch64"
    #endif

    /// Returns why the image `source` is not a loadable shared object, or `nil`.
    static func problem<Source: ELFSource>(in source: Source) -> String? {
        let size = source.size
        guard size > 0 else { return "the file is empty" }
        guard let header = source.bytes(at: 0, count: 64), header.starts(with: [0x7F, 0x45, 0x4C, 0x46]) else {
            return "not an ELF file (\(size) bytes, no ELF signature)"
        }
        guard header[4] == 2, header[5] == 1 else { return "not a 64-bit little-endian ELF file" }
        func read<Value: FixedWidthInteger>(_ bytes: [UInt8], at offset: Int) -> Value {
            bytes.integer(Value.self, at: offset) ?? 0
        }
        let type: UInt16 = read(header, at: 16)
        guard type == 3 else { return "an ELF file of type \(type), not a shared object (type 3)" }
        let fileMachine: UInt16 = read(header, at: 18)
        guard fileMachine == machine else {
            return "built for ELF machine \(fileMachine), this host is \(machineName) (\(machine))"
        }
        let programHeaders: UInt64 = read(header, at: 32)
        let sectionHeaders: UInt64 = read(header, at: 40)
        let programEntrySize = UInt64(read(header, at: 54) as UInt16)
        let programCount = UInt64(read(header, at: 56) as UInt16)
        let sectionEntrySize = UInt64(read(header, at: 58) as UInt16)
        let sectionCount = UInt64(read(header, at: 60) as UInt16)
        guard programEntrySize >= 56,
            let programs = source.bytes(at: programHeaders, count: programEntrySize &* programCount)
        else { return "truncated: the program headers end past the file's \(size) bytes" }
        let (sectionEnd, sectionOverflow) = sectionHeaders.addingReportingOverflow(sectionEntrySize &* sectionCount)
        guard !sectionOverflow, sectionEnd <= size else {
            return "truncated: the section headers end at byte \(sectionEnd), the file has \(size)"
        }
        for index in 0..<Int(programCount) {
            let entry = index * Int(programEntrySize)
            guard (read(programs, at: entry) as UInt32) == 1 else { continue }
            let offset: UInt64 = read(programs, at: entry + 8)
            let fileSize: UInt64 = read(programs, at: entry + 32)
            guard source.contains(offset: offset, count: fileSize) else {
                let end = offset.addingReportingOverflow(fileSize).partialValue
                return "truncated: a loadable segment ends at byte \(end), the file has \(size)"
            }
        }
        return nil
    }
}

internal import Foundation

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

    /// Returns why `data` (the whole file) is not a loadable shared object, or `nil`.
    static func problem(in data: Data) -> String? {
        guard !data.isEmpty else { return "the file is empty" }
        guard data.count >= 64, data.prefix(4) == Data([0x7F, 0x45, 0x4C, 0x46]) else {
            return "not an ELF file (\(data.count) bytes, no ELF signature)"
        }
        guard data[4] == 2, data[5] == 1 else { return "not a 64-bit little-endian ELF file" }
        let type: UInt16 = read(data, at: 16)
        guard type == 3 else { return "an ELF file of type \(type), not a shared object (type 3)" }
        let fileMachine: UInt16 = read(data, at: 18)
        guard fileMachine == machine else {
            return "built for ELF machine \(fileMachine), this host is \(machineName) (\(machine))"
        }
        let programHeaders: UInt64 = read(data, at: 32)
        let sectionHeaders: UInt64 = read(data, at: 40)
        let programEntrySize = UInt64(read(data, at: 54) as UInt16)
        let programCount = UInt64(read(data, at: 56) as UInt16)
        let sectionEntrySize = UInt64(read(data, at: 58) as UInt16)
        let sectionCount = UInt64(read(data, at: 60) as UInt16)
        let size = UInt64(data.count)
        let (programEnd, programOverflow) = programHeaders.addingReportingOverflow(programEntrySize &* programCount)
        guard !programOverflow, programEnd <= size, programEntrySize >= 56 else {
            return "truncated: the program headers end past the file's \(size) bytes"
        }
        let (sectionEnd, sectionOverflow) = sectionHeaders.addingReportingOverflow(sectionEntrySize &* sectionCount)
        guard !sectionOverflow, sectionEnd <= size else {
            return "truncated: the section headers end at byte \(sectionEnd), the file has \(size)"
        }
        for index in 0..<programCount {
            let header = Int(programHeaders + index * programEntrySize)
            guard (read(data, at: header) as UInt32) == 1 else { continue }
            let offset: UInt64 = read(data, at: header + 8)
            let fileSize: UInt64 = read(data, at: header + 32)
            let (end, overflow) = offset.addingReportingOverflow(fileSize)
            guard !overflow, end <= size else {
                return "truncated: a loadable segment ends at byte \(end), the file has \(size)"
            }
        }
        return nil
    }

    /// The little-endian integer at `offset`, or zero past the end (callers check ranges first).
    private static func read<Value: FixedWidthInteger>(_ data: Data, at offset: Int) -> Value {
        guard offset >= 0, offset <= data.count - MemoryLayout<Value>.size else { return 0 }
        return Value(littleEndian: data.withUnsafeBytes { $0.loadUnaligned(fromByteOffset: offset, as: Value.self) })
    }
}

internal import Foundation
internal import Glibc

/// The bytes of an ELF image, read by range: an open file read piece by piece with `pread`, or
/// data in memory. The checks before `dlopen` read only the headers and the manifest this way.
protocol ELFSource {
    /// The image's size in bytes.
    var size: UInt64 { get }

    /// The `count` bytes at `offset`, or `nil` when they do not all lie inside the image.
    func bytes(at offset: UInt64, count: UInt64) -> [UInt8]?
}

extension ELFSource {
    /// Whether `count` bytes at `offset` lie inside the image.
    func contains(offset: UInt64, count: UInt64) -> Bool {
        let (end, overflow) = offset.addingReportingOverflow(count)
        return !overflow && end <= size
    }
}

extension [UInt8] {
    /// The little-endian integer at `offset`, or `nil` when it does not fit.
    func integer<Value: FixedWidthInteger>(_: Value.Type, at offset: Int) -> Value? {
        guard offset >= 0, count - offset >= MemoryLayout<Value>.size else { return nil }
        return withUnsafeBytes { Value(littleEndian: $0.loadUnaligned(fromByteOffset: offset, as: Value.self)) }
    }
}

extension Data: ELFSource {
    var size: UInt64 { UInt64(count) }

    func bytes(at offset: UInt64, count: UInt64) -> [UInt8]? {
        guard contains(offset: offset, count: count) else { return nil }
        let start = startIndex + Int(offset)
        return Array(self[start..<(start + Int(count))])
    }
}

/// A regular file opened for reading, closed when released. Its first 4 KiB are read at once,
/// since every reader starts there: the ELF header, and in most files the program headers.
final class ELFFile: ELFSource {
    /// Why a file could not be opened: the system's error text.
    struct OpenError: Error {
        let reason: String
    }

    /// How many bytes from the start are read when the file is opened.
    static var headSize: UInt64 { 4096 }

    private let descriptor: Int32
    let size: UInt64
    /// The file's first bytes, or none when they could not be read in full.
    private var head: [UInt8] = []

    init(path: String) throws(OpenError) {
        descriptor = open(path, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else { throw OpenError(reason: String(cString: strerror(errno))) }
        var status = stat()
        guard fstat(descriptor, &status) == 0 else {
            let reason = String(cString: strerror(errno))
            close(descriptor)
            throw OpenError(reason: reason)
        }
        size = UInt64(status.st_size)
        head = read(at: 0, count: min(size, Self.headSize)) ?? []
    }

    deinit {
        close(descriptor)
    }

    func bytes(at offset: UInt64, count: UInt64) -> [UInt8]? {
        guard contains(offset: offset, count: count) else { return nil }
        guard offset + count > UInt64(head.count) else { return Array(head[Int(offset)..<Int(offset + count)]) }
        return read(at: offset, count: count)
    }

    /// The `count` bytes at `offset`, read from the file, or `nil` when the file ends first.
    private func read(at offset: UInt64, count: UInt64) -> [UInt8]? {
        var complete = true
        let result = [UInt8](unsafeUninitializedCapacity: Int(count)) { buffer, initialized in
            while initialized < buffer.count {
                let read = pread(
                    descriptor, buffer.baseAddress! + initialized, buffer.count - initialized,
                    off_t(offset) + off_t(initialized))
                guard read > 0 else {
                    complete = false
                    return
                }
                initialized += read
            }
        }
        return complete ? result : nil
    }
}

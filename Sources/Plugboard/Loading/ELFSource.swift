internal import FoundationEssentials
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

/// A regular file opened for reading, closed when released unless its descriptor was handed on
/// (``handOverDescriptor()``). Its first 4 KiB are read at once, since every reader starts there:
/// the ELF header, and in most files the program headers.
final class ELFFile: ELFSource {
    /// Why a file could not be opened: the system's error text.
    struct OpenError: Error {
        let reason: String
    }

    /// How many bytes from the start are read when the file is opened.
    static var headSize: UInt64 { 4096 }
    /// Reads up to this many bytes go ahead without the file's size: one that ends past the file
    /// comes back short. Longer ones are first checked against the size, so that an offset or count
    /// in a damaged header cannot make a huge allocation.
    static var unsizedReadLimit: UInt64 { 1 << 20 }

    /// The open file every read goes through.
    let descriptor: Int32
    /// Whether releasing this closes ``descriptor``.
    private var ownsDescriptor = true
    /// The file's first bytes: all of them when the file is shorter than ``headSize``.
    private let head: [UInt8]
    /// The file's size: given when opened, or asked of the system when first needed (the checks
    /// need it, reading a manifest does not).
    private(set) lazy var size: UInt64 = {
        var status = stat()
        return fstat(descriptor, &status) == 0 ? UInt64(status.st_size) : 0
    }()

    /// Opens `path` and reads its first ``headSize`` bytes.
    /// - Parameter path: The file.
    convenience init(path: String) throws(OpenError) {
        let descriptor = open(path, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else { throw OpenError(reason: String(cString: strerror(errno))) }
        self.init(descriptor: descriptor)
    }

    /// Takes over `descriptor`, an open file, and reads its first ``headSize`` bytes.
    /// - Parameters:
    ///   - descriptor: The file, closed when this is released.
    ///   - knownSize: Its size, when the caller has just asked the system for it (an `fstat` of
    ///     `descriptor`): ``size`` then needs no `fstat` of its own.
    init(descriptor: Int32, size knownSize: UInt64? = nil) {
        self.descriptor = descriptor
        head = Self.read(descriptor, at: 0, upTo: Self.headSize)
        if let knownSize { size = knownSize }
    }

    deinit {
        if ownsDescriptor { close(descriptor) }
    }

    /// Hands ``descriptor`` to the caller, who must close it: releasing this no longer does.
    func handOverDescriptor() -> Int32 {
        ownsDescriptor = false
        return descriptor
    }

    func bytes(at offset: UInt64, count: UInt64) -> [UInt8]? {
        let (end, overflow) = offset.addingReportingOverflow(count)
        guard !overflow, end <= UInt64(off_t.max) else { return nil }
        // A read of nothing returns no short read to tell that it lies past the end: ask the size.
        guard count > 0 || end <= UInt64(head.count) || contains(offset: offset, count: 0) else { return nil }
        guard end > UInt64(head.count) else { return Array(head[Int(offset)..<Int(end)]) }
        // A head shorter than asked for holds the whole file.
        guard UInt64(head.count) == Self.headSize else { return nil }
        guard count <= Self.unsizedReadLimit || contains(offset: offset, count: count) else { return nil }
        let bytes = Self.read(descriptor, at: offset, upTo: count)
        return UInt64(bytes.count) == count ? bytes : nil
    }

    /// Up to `count` bytes at `offset`, read from the file: fewer when it ends first.
    private static func read(_ descriptor: Int32, at offset: UInt64, upTo count: UInt64) -> [UInt8] {
        [UInt8](unsafeUninitializedCapacity: Int(count)) { buffer, initialized in
            while initialized < buffer.count {
                let read = pread(
                    descriptor, buffer.baseAddress! + initialized, buffer.count - initialized,
                    off_t(offset) + off_t(initialized))
                guard read > 0 else { return }
                initialized += read
            }
        }
    }
}

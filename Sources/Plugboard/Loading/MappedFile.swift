internal import Foundation
internal import Glibc

/// A file mapped read-only into memory with `open`, `fstat` and `mmap`, as `Data` that unmaps it
/// when released: the checks before `dlopen` touch only the pages they read.
enum MappedFile {
    /// Why a file could not be mapped: the system's error text.
    struct Failure: Error {
        let reason: String
    }

    /// The contents of the regular file at `path`.
    static func data(at path: String) throws(Failure) -> Data {
        let descriptor = open(path, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else { throw failure() }
        defer { close(descriptor) }
        var status = stat()
        guard fstat(descriptor, &status) == 0 else { throw failure() }
        let size = Int(status.st_size)
        guard size > 0 else { return Data() }
        guard let address = mmap(nil, size, PROT_READ, MAP_PRIVATE, descriptor, 0), address != MAP_FAILED else {
            throw failure()
        }
        return Data(bytesNoCopy: address, count: size, deallocator: .custom { address, size in munmap(address, size) })
    }

    private static func failure() -> Failure {
        Failure(reason: String(cString: strerror(errno)))
    }
}

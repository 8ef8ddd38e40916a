internal import Glibc

/// The names a directory holds, byte for byte as the system lists them: a file's name need not be
/// valid UTF-8, which a Swift string cannot hold.
enum DirectoryNames {
    /// Why a directory could not be listed: the system's error text.
    struct ListingError: Error {
        let reason: String
    }

    /// The names in `directory`, without `.` and `..`, in the order the system lists them.
    static func raw(in directory: String) throws(ListingError) -> [[UInt8]] {
        guard let stream = opendir(directory) else { throw ListingError(reason: String(cString: strerror(errno))) }
        defer { closedir(stream) }
        var names: [[UInt8]] = []
        while true {
            errno = 0
            guard let entry = readdir(stream) else {
                if errno != 0 { throw ListingError(reason: String(cString: strerror(errno))) }
                return names
            }
            let name = withUnsafeBytes(of: entry.pointee.d_name) { Array($0.prefix { $0 != 0 }) }
            if name.count > 2 || name.contains(where: { $0 != UInt8(ascii: ".") }) { names.append(name) }
        }
    }
}

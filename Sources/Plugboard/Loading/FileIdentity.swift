internal import Glibc

/// What tells one state of a file from another without reading it: its device and inode, its
/// size, and its modification and change times. A file rewritten, replaced by another (a new
/// inode, even of the same size and times), or whose owner or permissions changed (a new change
/// time) has another identity; the change time cannot be set back from user space.
///
/// ```swift
/// let identity = FileIdentity(fileAt: "plugins/libCircles.so")
/// print(identity?.description ?? "no such file")  // 2049:1835011:24832:1764150000.123456789:1764150000.123456789
/// ```
public struct FileIdentity: Sendable, Hashable, LosslessStringConvertible {
    private let device: UInt64
    private let inode: UInt64
    private let size: Int64
    /// Seconds and nanoseconds.
    private let modified: Time
    private let changed: Time

    private struct Time: Sendable, Hashable {
        let seconds: Int64
        let nanoseconds: Int64
    }

    init(_ status: stat) {
        device = UInt64(status.st_dev)
        inode = UInt64(status.st_ino)
        size = Int64(status.st_size)
        modified = Time(seconds: Int64(status.st_mtim.tv_sec), nanoseconds: Int64(status.st_mtim.tv_nsec))
        changed = Time(seconds: Int64(status.st_ctim.tv_sec), nanoseconds: Int64(status.st_ctim.tv_nsec))
    }

    /// The identity of the file `path` names, following symbolic links; `nil` when it has none.
    ///
    /// ```swift
    /// FileIdentity(fileAt: "plugins/libCircles.so") == FileIdentity(fileAt: "plugins/libCircles.so")  // true
    /// ```
    /// - Parameter path: A file.
    public init?(fileAt path: String) {
        var status = stat()
        guard stat(path, &status) == 0 else { return nil }
        self.init(status)
    }

    /// The identity its ``description`` spells, or `nil` for any other text.
    ///
    /// ```swift
    /// FileIdentity(identity.description) == identity  // true
    /// ```
    /// - Parameter description: An identity's description.
    public init?(_ description: String) {
        // Seven numbers, read byte by byte, each after the separator the description puts before it.
        var numbers = InlineArray<7, UInt64>(repeating: 0)
        var (field, digits) = (0, 0)
        for byte in description.utf8 {
            guard byte &- UInt8(ascii: "0") < 10 else {
                let separator = field == 3 || field == 5 ? UInt8(ascii: ".") : UInt8(ascii: ":")
                guard digits > 0, field < 6, byte == separator else { return nil }
                (field, digits) = (field + 1, 0)
                continue
            }
            let (tens, overflowed) = numbers[field].multipliedReportingOverflow(by: 10)
            let (number, carried) = tens.addingReportingOverflow(UInt64(byte &- UInt8(ascii: "0")))
            guard !overflowed, !carried else { return nil }
            (numbers[field], digits) = (number, digits + 1)
        }
        // Device and inode are unsigned; the size and the times are not negative here.
        guard field == 6, digits > 0, (2..<7).allSatisfy({ numbers[$0] <= UInt64(Int64.max) }) else { return nil }
        (device, inode, size) = (numbers[0], numbers[1], Int64(numbers[2]))
        modified = Time(seconds: Int64(numbers[3]), nanoseconds: Int64(numbers[4]))
        changed = Time(seconds: Int64(numbers[5]), nanoseconds: Int64(numbers[6]))
    }

    /// Device, inode, size, modification and change time, `:`-separated; each time as
    /// seconds `.` nanoseconds.
    ///
    /// ```swift
    /// print(identity)  // 2049:1835011:24832:1764150000.123456789:1764150000.123456789
    /// ```
    public var description: String {
        "\(device):\(inode):\(size):\(modified.seconds).\(modified.nanoseconds):\(changed.seconds).\(changed.nanoseconds)"
    }
}

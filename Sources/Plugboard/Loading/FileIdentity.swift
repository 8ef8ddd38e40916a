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
    private let fields: [Int64]

    init(_ status: stat) {
        fields = [
            Int64(bitPattern: UInt64(status.st_dev)), Int64(bitPattern: UInt64(status.st_ino)), Int64(status.st_size),
            Int64(status.st_mtim.tv_sec), Int64(status.st_mtim.tv_nsec), Int64(status.st_ctim.tv_sec),
            Int64(status.st_ctim.tv_nsec),
        ]
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
        // Seven numbers, each after the separator the description puts before it.
        let separators: [UInt8] = [0, 58, 58, 58, 46, 58, 46]  // ":" is 58, "." is 46
        var fields: [Int64] = []
        var utf8 = description.utf8[...]
        for (index, separator) in separators.enumerated() {
            if index > 0 {
                guard utf8.first == separator else { return nil }
                utf8 = utf8.dropFirst()
            }
            let digits = utf8.prefix { $0 &- 48 < 10 }
            utf8 = utf8.dropFirst(digits.count)
            // Device and inode are unsigned, kept as their bit patterns.
            guard !digits.isEmpty, digits.count <= 20,
                let value = UInt64(Substring(digits)).flatMap({ index < 2 ? Int64(bitPattern: $0) : Int64(exactly: $0) }
                )
            else { return nil }
            fields.append(value)
        }
        guard utf8.isEmpty else { return nil }
        self.fields = fields
    }

    /// Device, inode, size, modification and change time, `:`-separated; each time as
    /// seconds `.` nanoseconds.
    ///
    /// ```swift
    /// print(identity)  // 2049:1835011:24832:1764150000.123456789:1764150000.123456789
    /// ```
    public var description: String {
        "\(UInt64(bitPattern: fields[0])):\(UInt64(bitPattern: fields[1])):\(fields[2]):\(fields[3]).\(fields[4]):"
            + "\(fields[5]).\(fields[6])"
    }
}

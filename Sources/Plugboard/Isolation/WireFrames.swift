internal import Glibc

/// What the host has read from a plugin process's socket and not yet taken as messages: it reads
/// what the socket holds without waiting (on whichever thread reads, the poller's or a caller's),
/// and takes each frame once it is whole, so that no thread waits on a frame a process leaves
/// unfinished. Memory is taken as the bytes come, not from a frame's announced length.
struct WireFrames {
    private var bytes: [UInt8] = []
    /// Where the first frame not yet taken begins in ``bytes``.
    private var start = 0
    /// When the first bytes of the frame not yet whole came, if some did: it is overdue one
    /// deadline after.
    private(set) var begun: ContinuousClock.Instant?

    /// What a read found.
    enum Read {
        /// Bytes, or none yet.
        case open
        /// The other side closed the socket, or it failed.
        case closed
    }

    /// The most read at once: a process that sends without end is read a part at a time, beside
    /// the others.
    private static let piece = 16 << 10

    /// Reads, without waiting, what `connection`'s socket holds, up to a piece.
    mutating func read(from connection: WireConnection) -> Read {
        withUnsafeTemporaryAllocation(of: UInt8.self, capacity: Self.piece) { piece in
            while true {
                let count = recv(connection.descriptor, piece.baseAddress, piece.count, Int32(MSG_DONTWAIT))
                if count < 0 && errno == EINTR { continue }
                if count < 0 && (errno == EAGAIN || errno == EWOULDBLOCK) { return .open }
                guard count > 0 else { return .closed }
                bytes += piece[..<count]
                if begun == nil { begun = .now }
                return .open
            }
        }
    }

    private func length(at index: Int) -> Int {
        Int(bytes[index]) << 24 | Int(bytes[index + 1]) << 16 | Int(bytes[index + 2]) << 8 | Int(bytes[index + 3])
    }

    /// The next whole message read, or `nil` when none has come whole yet.
    /// - Throws: ``WireError/malformed(_:)`` for a frame larger than allowed, or one that holds no
    ///   message.
    mutating func next() throws(WireError) -> WireMessage? {
        let held = bytes.count - start
        guard held >= 4 else { return nil }
        let count = length(at: start)
        guard count <= WireConnection.largestFrame else {
            throw .malformed("a frame of \(count) bytes is larger than allowed")
        }
        guard held >= count + 4 else { return nil }
        let frame = Array(bytes[(start + 4)..<(start + 4 + count)])
        start += count + 4
        if start == bytes.count {
            // What a large frame took is let go of.
            bytes.removeAll(keepingCapacity: bytes.capacity <= Self.piece)
            start = 0
            begun = nil
        } else {
            begun = .now
            if start >= Self.piece {
                bytes.removeFirst(start)
                start = 0
            }
        }
        return try WireConnection.decode(frame)
    }
}

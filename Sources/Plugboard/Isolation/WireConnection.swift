internal import FoundationEssentials
internal import Glibc

/// One end of the socket between the host and a plugin process: each ``WireMessage`` in a frame
/// of its own — its length in 4 bytes, most significant first, then that many bytes of JSON, or
/// of the compact form that the messages of an open, an action and a pop take.
/// Sends are serialized; one thread receives.
///
/// ```swift
/// let connection = WireConnection(descriptor: 3)
/// try connection.send(.hello(version: WireMessage.version, files: ["plugins/libNotes.so"], confinement: confinement))
/// let answer = try connection.receive()
/// ```
public final class WireConnection: Sendable {
    /// The largest frame either side accepts: a screen's text is far smaller.
    ///
    /// ```swift
    /// WireConnection.largestFrame  // 8 MiB
    /// ```
    public static let largestFrame = 8 << 20

    /// The socket's descriptor, which the connection owns.
    ///
    /// ```swift
    /// var waiting = pollfd(fd: connection.descriptor, events: Int16(POLLIN), revents: 0)
    /// ```
    public let descriptor: Int32
    private let sending = PosixLock()

    /// Takes over `descriptor`, a connected stream socket.
    ///
    /// ```swift
    /// let connection = WireConnection(descriptor: 3)
    /// ```
    public init(descriptor: Int32) {
        self.descriptor = descriptor
    }

    deinit { Glibc.close(descriptor) }

    /// Two connections joined by a socket pair of this process's own, what one sends the other
    /// receives: a plugin process rehearsing its host's requests, or a test; `nil` when the system
    /// has no socket to give.
    static func pair() -> (WireConnection, WireConnection)? {
        var ends: [Int32] = [-1, -1]
        guard socketpair(AF_UNIX, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0, &ends) == 0 else {
            return nil
        }
        return (WireConnection(descriptor: ends[0]), WireConnection(descriptor: ends[1]))
    }

    /// Sends `message` in one frame.
    /// - Throws: ``WireError`` when the other side is gone.
    ///
    /// ```swift
    /// try connection.send(.release(screen: 1))
    /// ```
    public func send(_ message: WireMessage) throws(WireError) {
        let frame = try Self.frame(message)
        try sending.withLock { () throws(WireError) in try write(frame) }
    }

    /// The whole frame that carries `message`, as ``send(_:)`` writes it: its length, then its bytes
    /// (``encode(_:)``).
    /// - Throws: ``WireError/malformed(_:)`` when it cannot be encoded.
    ///
    /// ```swift
    /// try WireConnection.frame(.release(screen: 1))  // [0, 0, 0, 9, 4, 1, 0, 0, 0, 0, 0, 0, 0]
    /// ```
    public static func frame(_ message: WireMessage) throws(WireError) -> [UInt8] {
        let body = try encode(message)
        let count = UInt32(body.count)
        return [UInt8(count >> 24), UInt8(count >> 16 & 0xFF), UInt8(count >> 8 & 0xFF), UInt8(count & 0xFF)] + body
    }

    /// The bytes of a frame that hold `message`, after its length: its compact form, or its JSON.
    /// - Throws: ``WireError/malformed(_:)`` when it cannot be encoded.
    ///
    /// ```swift
    /// try WireConnection.encode(.release(screen: 1))  // [4, 1, 0, 0, 0, 0, 0, 0, 0]
    /// ```
    public static func encode(_ message: WireMessage) throws(WireError) -> [UInt8] {
        if let compact = WireCompactForm.encode(message) { return compact }
        do {
            return Array(try JSONEncoder().encode(message))
        } catch {
            throw .malformed("cannot encode \(message): \(error)")
        }
    }

    /// Waits for the next message.
    /// - Throws: ``WireError/closed`` when the other side closed the socket (it ended, say);
    ///   ``WireError/malformed(_:)`` for a frame that holds no message.
    ///
    /// ```swift
    /// while let message = try? connection.receive() { print(message) }
    /// ```
    public func receive() throws(WireError) -> WireMessage {
        try receive(allowing: nil)
    }

    /// Waits for the next message, which must have come whole within `limit`: the other side, a
    /// process the host does not trust, cannot hold the reader with a frame it leaves unfinished.
    /// - Throws: ``WireError/unfinished(within:)`` when it has not; ``WireError/closed`` and
    ///   ``WireError/malformed(_:)`` as ``receive()`` does.
    ///
    /// ```swift
    /// let answer = try connection.receive(within: .seconds(5))
    /// ```
    public func receive(within limit: Duration) throws(WireError) -> WireMessage {
        try receive(allowing: (end: .now + limit, limit: limit))
    }

    /// Reads the next message; with `time`, waits for its bytes no later than its end.
    private func receive(allowing time: Allowed?) throws(WireError) -> WireMessage {
        let header = try read(4, allowing: time)
        let count = Int(header[0]) << 24 | Int(header[1]) << 16 | Int(header[2]) << 8 | Int(header[3])
        guard count <= Self.largestFrame else { throw .malformed("a frame of \(count) bytes is larger than allowed") }
        return try Self.decode(try read(count, allowing: time))
    }

    /// The message a frame's bytes hold, after its length.
    /// - Throws: ``WireError/malformed(_:)`` when they hold none.
    ///
    /// ```swift
    /// try WireConnection.decode([4, 1, 0, 0, 0, 0, 0, 0, 0])  // .release(screen: 1)
    /// ```
    public static func decode(_ bytes: [UInt8]) throws(WireError) -> WireMessage {
        if WireCompactForm.holdsCompactForm(bytes) { return try WireCompactForm.decode(bytes) }
        let message: WireMessage
        do {
            message = try JSONDecoder().decode(WireMessage.self, from: Data(bytes))
        } catch {
            throw .malformed("a frame holds no message of version \(WireMessage.version): \(error)")
        }
        if case .ready(_, _, _, _, _, _, let launch) = message, !launch.durationsHaveParts {
            throw .malformed(
                "a frame holds a ready whose launch report holds a duration of more seconds than are counted")
        }
        return message
    }

    /// Waits until a message can be read (or the other side closed) within `limit`; returns
    /// whether one can.
    func waitReadable(within limit: Duration) -> Bool {
        var waiting = pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)
        let milliseconds = limit.pollMilliseconds
        while true {
            let ready = poll(&waiting, 1, milliseconds)
            if ready < 0 && errno == EINTR { continue }
            return ready > 0
        }
    }

    /// Sets the socket's receive timeout, how long ``waitInRead()`` waits; the system rounds it up
    /// to its clock's tick. ``receive()`` outlasts it, and ``receive(within:)`` does not use it.
    func setReceiveTimeout(_ limit: Duration) {
        var timeout = limit.receiveTimeout
        _ = setsockopt(descriptor, SOL_SOCKET, SO_RCVTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
    }

    /// Waits, no longer than the socket's receive timeout (``setReceiveTimeout(_:)``; without one,
    /// for as long as it takes), until a message can be read or the other side closed, as
    /// ``waitReadable(within:)`` does, but in a read that leaves the bytes where they are rather
    /// than in `poll`: a thread waiting in a read is woken sooner by what the other side sends
    /// (see the Benchmarks README). One thread at a time waits so.
    func waitInRead() -> Bool {
        var byte: UInt8 = 0
        while true {
            let read = Glibc.recv(descriptor, &byte, 1, Int32(MSG_PEEK))
            if read < 0 && errno == EINTR { continue }
            // Bytes, the other side's end, or a failure the read that follows reports.
            return read >= 0 || (errno != EAGAIN && errno != EWOULDBLOCK)
        }
    }

    /// Shuts the socket down both ways, so that a thread waiting in ``receive()`` returns.
    ///
    /// ```swift
    /// connection.shutDown()
    /// ```
    public func shutDown() {
        _ = Glibc.shutdown(descriptor, Int32(SHUT_RDWR))
    }

    private func write(_ bytes: [UInt8]) throws(WireError) {
        var sent = 0
        while sent < bytes.count {
            let count = bytes[sent...].withUnsafeBytes {
                Glibc.send(descriptor, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL))
            }
            if count < 0 && errno == EINTR { continue }
            guard count > 0 else { throw .closed }
            sent += count
        }
    }

    /// The time a message may take to come whole: until `end`, `limit` from when it was asked for.
    private typealias Allowed = (end: ContinuousClock.Instant, limit: Duration)

    /// How many bytes of a frame are taken at once: a frame's memory grows as its bytes come, so
    /// that a length announced and never sent costs no more than this.
    private static let piece = 64 << 10

    /// Reads `count` bytes; with `time`, waits for each part of them no later than its end (the
    /// bytes already come are read without a wait). Memory is taken as the bytes come, a piece
    /// at a time, not for `count` at once: the other side chooses `count`.
    private func read(_ count: Int, allowing time: Allowed?) throws(WireError) -> [UInt8] {
        var bytes = [UInt8](repeating: 0, count: min(count, Self.piece))
        var received = 0
        let flags = time == nil ? 0 : Int32(MSG_DONTWAIT)
        while received < count {
            if received == bytes.count { bytes += repeatElement(0, count: min(count - received, bytes.count)) }
            let read = bytes[received...].withUnsafeMutableBytes {
                Glibc.recv(descriptor, $0.baseAddress, $0.count, flags)
            }
            if read < 0 && errno == EINTR { continue }
            if read < 0 && (errno == EAGAIN || errno == EWOULDBLOCK) {
                // Without a time, a receive timeout ran out (``setReceiveTimeout(_:)``): wait on.
                guard let time else { continue }
                guard waitReadable(within: time.end - .now) else { throw .unfinished(within: time.limit) }
                continue
            }
            guard read > 0 else { throw .closed }
            received += read
        }
        return bytes
    }
}

/// Why a ``WireConnection`` could not send or receive.
///
/// ```swift
/// catch WireError.closed { print("the plugin process ended") }
/// ```
public enum WireError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The other side closed the socket, or ended.
    ///
    /// ```swift
    /// catch WireError.closed { restart() }
    /// ```
    case closed
    /// A frame too large, or one that holds no message.
    ///
    /// ```swift
    /// catch WireError.malformed(let reason) { print(reason) }
    /// ```
    case malformed(String)
    /// No whole message came within the time allowed: the other side sent none, or stopped part
    /// way through one.
    ///
    /// ```swift
    /// catch WireError.unfinished(let limit) { print("no whole answer within \(limit)") }
    /// ```
    case unfinished(within: Duration)

    /// What went wrong.
    ///
    /// ```swift
    /// print(error.description)
    /// ```
    public var description: String {
        switch self {
        case .closed: "the other side closed the connection"
        case .malformed(let reason): reason
        case .unfinished(let limit): "no whole message came within \(limit)"
        }
    }
}

internal import Dispatch
internal import Glibc

/// What a plugin process writes to its standard output and error, read as it comes on a thread
/// of its own (a process whose pipe is full would block), and kept for its last words.
final class ProcessOutput: Sendable {
    /// The most kept: the end of a long output, where the fatal error and backtrace are.
    static let kept = 256 << 10

    private let text = PosixMutex<[UInt8]>([])
    private let done = DispatchSemaphore(value: 0)
    /// Whether the output ended, and who waits to hear it.
    private let ending = PosixMutex<(ended: Bool, handler: (@Sendable () -> Void)?)>((false, nil))

    /// Reads `descriptor`, which it then owns, until its end.
    init(reading descriptor: Int32) {
        let reader = WorkerThread()
        let read: @Sendable () -> Void = { [text, done, ending] in
            var buffer = [UInt8](repeating: 0, count: 16 << 10)
            while true {
                let count = buffer.withUnsafeMutableBytes { Glibc.read(descriptor, $0.baseAddress, $0.count) }
                if count < 0 && errno == EINTR { continue }
                guard count > 0 else { break }
                text.withLock { kept in
                    kept += buffer[..<count]
                    if kept.count > Self.kept { kept.removeFirst(kept.count - Self.kept) }
                }
            }
            close(descriptor)
            done.signal()
            ending.withLock { ending in
                defer { ending = (true, nil) }
                return ending.handler
            }?()
        }
        if let reader { reader.async(read) } else { read() }
    }

    /// Calls `handler` once the output has ended (the process ended, and what it started), on the
    /// thread that read it; at once if it has.
    func whenEnded(_ handler: @escaping @Sendable () -> Void) {
        let ended = ending.withLock { ending in
            if !ending.ended { ending.handler = handler }
            return ending.ended
        }
        if ended { handler() }
    }

    /// All that was written, once the process closed its end (it ended), or what was written
    /// within `limit`: a process it started (the Swift runtime's backtracer, say) may hold the
    /// pipe open after it ended.
    func waitForAll(within limit: Duration = .seconds(2)) -> String {
        let (seconds, attoseconds) = limit.components
        if done.wait(timeout: .now() + .nanoseconds(Int(seconds) * 1_000_000_000 + Int(attoseconds / 1_000_000_000)))
            == .success
        {
            done.signal()
        }
        return String(decoding: text.withLock { $0 }, as: UTF8.self)
    }
}

internal import Dispatch
internal import Glibc

/// What a plugin process writes to its standard output and error, read as it comes on a thread
/// of its own (a process whose pipe is full would block), and kept for its last words; each line
/// of its standard output (what its plugins print) is also handed on, once a handler is set, up to
/// ``UnaskedBudget/outputLines`` a second (those past that are dropped, and a line says so, once),
/// while its standard error (the Swift runtime's fatal error and backtrace) is only kept.
final class ProcessOutput: Sendable {
    /// The most kept: the end of a long output, where the fatal error and backtrace are.
    static let kept = 256 << 10
    /// The longest part of a line not yet ended that is kept waiting for its end: a longer one is
    /// handed on in parts of this length.
    static let longestLine = 16 << 10

    private let text = PosixMutex<[UInt8]>([])
    private let done = DispatchSemaphore(value: 0)
    /// Whether the output ended, and who waits to hear it.
    private let ending = PosixMutex<(ended: Bool, handler: (@Sendable () -> Void)?)>((false, nil))
    /// Who is handed each line of standard output, the start of a line not yet ended, how many
    /// lines may still be handed on, and whether some were dropped already.
    private let lines = PosixMutex(Lines())

    private struct Lines {
        var handler: (@Sendable (String) -> Void)?
        var partial: [UInt8] = []
        var budget = UnaskedBudget(perSecond: UnaskedBudget.outputLines)
        var dropped = false
    }

    /// Reads `output` and `error`, which it then owns, until both end.
    init(output: Int32, error: Int32) {
        let reader = WorkerThread()
        let read: @Sendable () -> Void = { [self] in
            var open = [output, error]
            var buffer = [UInt8](repeating: 0, count: 16 << 10)
            while !open.isEmpty {
                var watched = open.map { pollfd(fd: $0, events: Int16(POLLIN), revents: 0) }
                guard poll(&watched, nfds_t(watched.count), -1) >= 0 || errno == EINTR else { break }
                for watch in watched where watch.revents != 0 {
                    let count = buffer.withUnsafeMutableBytes { Glibc.read(watch.fd, $0.baseAddress, $0.count) }
                    if count < 0 && errno == EINTR { continue }
                    guard count > 0 else {
                        if watch.fd == output { handOn([], ended: true) }
                        close(watch.fd)
                        open.removeAll { $0 == watch.fd }
                        continue
                    }
                    keep(buffer[..<count])
                    if watch.fd == output { handOn(buffer[..<count]) }
                }
            }
            for descriptor in open { close(descriptor) }
            done.signal()
            ending.withLock { ending in
                defer { ending = (true, nil) }
                return ending.handler
            }?()
        }
        if let reader { reader.async(read) } else { read() }
    }

    private func keep(_ bytes: ArraySlice<UInt8>) {
        text.withLock { kept in
            kept += bytes
            if kept.count > Self.kept { kept.removeFirst(kept.count - Self.kept) }
        }
    }

    /// Hands on each line `bytes` ends, with what came before it, a line too long to wait for in
    /// parts, and, once the output has `ended`, what is left; keeps the rest for the next.
    private func handOn(_ bytes: ArraySlice<UInt8>, ended: Bool = false) {
        let (handler, shown) = lines.withLock { lines -> ((@Sendable (String) -> Void)?, [String]) in
            lines.partial += bytes
            var found: [String] = []
            var start = 0
            while let newline = lines.partial[start...].firstIndex(of: UInt8(ascii: "\n")) {
                found.append(String(decoding: lines.partial[start..<newline], as: UTF8.self))
                start = newline + 1
            }
            while lines.partial.count - start >= Self.longestLine || (ended && start < lines.partial.count) {
                let end = min(lines.partial.count, start + Self.longestLine)
                found.append(String(decoding: lines.partial[start..<end], as: UTF8.self))
                start = end
            }
            lines.partial.removeFirst(start)
            // Before a handler is set (a process prepared ahead, warming up), nothing is handed on.
            guard lines.handler != nil else { return (nil, []) }
            var shown = found.filter { _ in lines.budget.take() }
            if shown.count < found.count && !lines.dropped {
                lines.dropped = true
                shown.append(
                    "(it printed more than \(UnaskedBudget.outputLines) lines a second; those past that are not shown)")
            }
            return (lines.handler, shown)
        }
        if let handler { for line in shown { handler(line) } }
    }

    /// Hands each line the process writes to its standard output from now on to `handler`, on
    /// the thread that reads it, without its newline.
    func handLines(to handler: @escaping @Sendable (String) -> Void) {
        lines.withLock { $0.handler = handler }
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
        if done.wait(timeout: .now() + limit.dispatchInterval) == .success {
            done.signal()
        }
        return String(decoding: text.withLock { $0 }, as: UTF8.self)
    }
}

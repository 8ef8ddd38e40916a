internal import CPlugboard
internal import Dispatch
internal import Glibc

/// What a plugin process writes to its standard output and error, one pipe for both, read by the
/// host's poller as it comes (a process whose pipe is full would block) and kept for its last
/// words; each line is also handed on, once a handler is set, up to ``UnaskedBudget/outputLines``
/// a second (those past that are dropped, and a line says so, once), until the Swift runtime
/// begins its report of a crash (its fatal error and backtrace), which is only kept. A note of a
/// call its confinement refused (``DeniedCall``) is handed on in the host's words, once a call;
/// a note of the plugin that prints what follows (``OutputSpeaker``) goes with each line after it.
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
        var handler: (@Sendable (_ plugin: String?, _ line: String) -> Void)?
        var partial: [UInt8] = []
        var budget = UnaskedBudget(perSecond: UnaskedBudget.outputLines)
        var dropped = false
        /// Whether the Swift runtime began to report a crash: what follows is kept, not shown.
        var crashed = false
        /// The calls refused whose notes were handed on.
        var denied: Set<String> = []
        /// The plugin the process last said prints, `nil` for its plugins together.
        var speaker: String?

        /// The lines `line` is handed on as, each with the plugin that printed it: what precedes a
        /// note (which ends the line it was written into), then a note of a refused call in the
        /// host's words, unless that call was named already or the note is no note; a note of the
        /// plugin that prints next is taken, not handed on.
        mutating func reading(_ line: String) -> [(plugin: String?, line: String)] {
            // Both notes begin with a byte no text a plugin prints holds.
            guard line.utf8.contains(1) else { return [(speaker, line)] }
            if let mark = line.firstRange(of: OutputSpeaker.mark) {
                let before = line[..<mark.lowerBound]
                defer { speaker = line[mark.upperBound...].isEmpty ? nil : String(line[mark.upperBound...]) }
                return before.isEmpty ? [] : [(speaker, String(before))]
            }
            guard let mark = line.firstRange(of: DeniedCall.mark) else { return [(speaker, line)] }
            let before = line[..<mark.lowerBound]
            var lines = before.isEmpty ? [] : [(speaker, String(before))]
            if let call = DeniedCall(note: line[mark.upperBound...]), denied.insert(call.name).inserted {
                lines.append((speaker, call.description))
            }
            return lines
        }
    }

    /// Has the host's poller read `descriptor`, the pipe's end, which it then owns, until it ends;
    /// `nil` (the descriptor closed) when the system gives no way to wait on it.
    init?(reading descriptor: Int32) {
        guard let poller = DescriptorPoller.shared, pb_set_nonblocking(descriptor) == 0 else {
            close(descriptor)
            return nil
        }
        let watch = PosixMutex<DescriptorPoller.Watch?>(nil)
        let read: @Sendable (DescriptorPoller.Event) -> Void = { [self] _ in
            guard let watched = watch.withLock({ $0 }) else { return }
            let ended = withUnsafeTemporaryAllocation(of: UInt8.self, capacity: 16 << 10) { buffer -> Bool in
                let count = Glibc.read(descriptor, buffer.baseAddress, buffer.count)
                if count < 0 && (errno == EINTR || errno == EAGAIN) { return false }
                guard count > 0 else { return true }
                keep(buffer[..<count])
                handOn(buffer[..<count])
                return false
            }
            if ended { end(descriptor, watched, of: poller) } else { poller.arm(watched) }
        }
        guard let watched = poller.watch(descriptor, handler: read) else {
            close(descriptor)
            return nil
        }
        watch.withLock { $0 = watched }
    }

    /// The output's end: its descriptor forgotten and closed, what is left of a line handed on,
    /// and whoever waits told, on a thread that may wait.
    private func end(_ descriptor: Int32, _ watch: DescriptorPoller.Watch, of poller: DescriptorPoller) {
        poller.forget(watch)
        close(descriptor)
        handOn([], ended: true)
        done.signal()
        let handler = ending.withLock { ending in
            defer { ending = (true, nil) }
            return ending.handler
        }
        if let handler { DispatchQueue.global().async(execute: handler) }
    }

    private func keep(_ bytes: UnsafeMutableBufferPointer<UInt8>.SubSequence) {
        text.withLock { kept in
            kept += bytes
            if kept.count > Self.kept { kept.removeFirst(kept.count - Self.kept) }
        }
    }

    /// Hands on each line `bytes` ends, with what came before it, a line too long to wait for in
    /// parts, and, once the output has `ended`, what is left; keeps the rest for the next.
    private func handOn(_ bytes: some Collection<UInt8>, ended: Bool = false) {
        let (handler, shown) = lines.withLock {
            lines -> ((@Sendable (String?, String) -> Void)?, [(plugin: String?, line: String)]) in
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
            guard lines.handler != nil, !lines.crashed else { return (nil, []) }
            if let crash = found.firstIndex(where: Self.beginsCrashReport) {
                lines.crashed = true
                found.removeSubrange(crash...)
            }
            let read = found.flatMap { lines.reading($0) }
            var shown = read.filter { _ in lines.budget.take() }
            if shown.count < read.count && !lines.dropped {
                lines.dropped = true
                shown.append(
                    (
                        nil,
                        "(it printed more than \(UnaskedBudget.outputLines) lines a second; those past that are not shown)"
                    ))
            }
            return (lines.handler, shown)
        }
        if let handler { for (plugin, line) in shown { handler(plugin, line) } }
    }

    /// Whether `line` begins the Swift runtime's report of a crash: its fatal error's message, or
    /// its backtracer's first line.
    private static func beginsCrashReport(_ line: String) -> Bool {
        line.contains("Fatal error:") || line.contains("Program crashed:")
    }

    /// Hands each line the process writes from now on to `handler`, on the poller's thread,
    /// without its newline, with the plugin the process said prints it, if it said.
    func handLines(to handler: @escaping @Sendable (_ plugin: String?, _ line: String) -> Void) {
        lines.withLock { $0.handler = handler }
    }

    /// Calls `handler` once the output has ended (the process ended, and what it started), on a
    /// thread of Dispatch's; at once if it has.
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
        return Self.readable(String(decoding: text.withLock { $0 }, as: UTF8.self))
    }

    /// `text` as a person reads it in a crash report: without the notes of which plugin prints,
    /// and with each note of a refused call in the host's words.
    static func readable(_ text: String) -> String {
        guard text.contains("\u{1}") else { return text }
        var lines = Lines()
        return text.split(separator: "\n", omittingEmptySubsequences: false).flatMap { line in
            lines.denied = []
            return line.isEmpty ? [""] : lines.reading(String(line)).map(\.line)
        }.joined(separator: "\n")
    }
}

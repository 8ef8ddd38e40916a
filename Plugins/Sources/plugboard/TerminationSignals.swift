import Dispatch
import Foundation
import Synchronization

/// Turns SIGINT and SIGTERM into an awaitable event, so the host can terminate the application
/// (terminate handlers, then shutdown work in reverse order) instead of dying mid-way.
final class TerminationSignals: @unchecked Sendable {
    // Safe to share: `sources` is written only in `init`; the received state is behind a mutex.
    private let sources: [any DispatchSourceSignal]
    private let received = Mutex<(name: String?, waiter: CheckedContinuation<String, Never>?)>((nil, nil))

    init() {
        var sources: [any DispatchSourceSignal] = []
        for number in [SIGINT, SIGTERM] {
            signal(number, SIG_IGN)
            let source = DispatchSource.makeSignalSource(signal: number, queue: .global())
            sources.append(source)
        }
        self.sources = sources
        for (source, name) in zip(sources, ["SIGINT", "SIGTERM"]) {
            source.setEventHandler { [weak self] in self?.deliver(name) }
            source.resume()
        }
    }

    /// Waits for the first termination signal and returns its name.
    func next() async -> String {
        await withCheckedContinuation { continuation in
            let early = received.withLock { state -> String? in
                if let name = state.name { return name }
                state.waiter = continuation
                return nil
            }
            if let early { continuation.resume(returning: early) }
        }
    }

    private func deliver(_ name: String) {
        let waiter = received.withLock { state -> CheckedContinuation<String, Never>? in
            state.name = state.name ?? name
            defer { state.waiter = nil }
            return state.waiter
        }
        waiter?.resume(returning: name)
    }
}

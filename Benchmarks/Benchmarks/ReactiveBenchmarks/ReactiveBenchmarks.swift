import Benchmark
@preconcurrency import OpenCombine
import Plugboard

let benchmarks: @Sendable () -> Void = {
    Benchmark.defaultConfiguration = .init(
        metrics: [.wallClock, .mallocCountTotal, .throughput],
        maxDuration: .seconds(2),
        maxIterations: 100_000
    )
    // One send per iteration, so "Malloc (total)" reads as allocations per send.
    for subscribers in [1, 10] {
        let signal = Signal<Int>()
        let subscriptions = (0..<subscribers).map { _ in signal.observe { blackHole($0) } }
        Benchmark("send/plugboard signal, \(subscribers) subscriber(s)") { benchmark in
            for value in benchmark.scaledIterations { signal.send(value) }
            blackHole(subscriptions)
        }
        let subject = PassthroughSubject<Int, Never>()
        let cancellables = (0..<subscribers).map { _ in subject.sink { blackHole($0) } }
        Benchmark("send/opencombine subject, \(subscribers) subscriber(s)") { benchmark in
            for value in benchmark.scaledIterations { subject.send(value) }
            blackHole(cancellables)
        }
    }
}

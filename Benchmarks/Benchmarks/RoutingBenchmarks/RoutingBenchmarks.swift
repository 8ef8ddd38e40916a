import Benchmark
import BenchmarkSupport
import Plugboard

let benchmarks: @Sendable () -> Void = {
    Benchmark.defaultConfiguration = .init(
        metrics: [.wallClock, .mallocCountTotal, .throughput],
        maxDuration: .seconds(2),
        maxIterations: 100_000
    )
    let set = RouteSet(count: 10_000)
    let plugboard = try! Routers.plugboard(set)
    let routingKit = Routers.routingKit(set)
    let staticURL = set.urls[0]
    // A URL of a `:id` pattern (the URL after the first static one is a miss).
    let parameterURL = set.urls.first { $0.contains("/item-") }!

    // One lookup per iteration, so "Malloc (total)" reads as allocations per lookup.
    Benchmark("routing/plugboard static match") { benchmark in
        for _ in benchmark.scaledIterations { blackHole(Routers.lookup(plugboard, staticURL)) }
    }
    Benchmark("routing/routing-kit static match") { benchmark in
        for _ in benchmark.scaledIterations { blackHole(Routers.lookup(routingKit, staticURL)) }
    }
    Benchmark("routing/plugboard parameter match") { benchmark in
        for _ in benchmark.scaledIterations { blackHole(Routers.lookup(plugboard, parameterURL)) }
    }
    Benchmark("routing/routing-kit parameter match") { benchmark in
        for _ in benchmark.scaledIterations { blackHole(Routers.lookup(routingKit, parameterURL)) }
    }
}

import Benchmark
import BenchmarkSupport
import Plugboard

let benchmarks: @Sendable () -> Void = {
    Benchmark.defaultConfiguration = .init(
        metrics: [.wallClock, .mallocCountTotal, .throughput],
        maxDuration: .seconds(2),
        maxIterations: 200
    )

    // Scheduling overhead: 10,000 no-op tasks, orchestrator (validation included) vs the floor.
    let tasks10k = GeneratedGraph.tasks(count: 10_000)
    let registry10k = registry(with: tasks10k)
    Benchmark("launch/orchestrator 10k no-op tasks") { benchmark in
        for _ in benchmark.scaledIterations {
            blackHole(try await Application(registry: registry10k).launch())
        }
    }
    Benchmark("launch/floor kahn+sequential 10k no-op tasks") { benchmark in
        for _ in benchmark.scaledIterations {
            try await kahnThenSequential(tasks10k)
        }
    }

    // Validation is linear in tasks plus edges.
    for count in [1_000, 10_000, 100_000] {
        let tasks = GeneratedGraph.tasks(count: count)
        Benchmark("validate/\(count) tasks") { benchmark in
            for _ in benchmark.scaledIterations {
                blackHole(try StartupGraph(tasks: tasks))
            }
        }
    }

    // Parallelism: 64 independent CPU-bound tasks on this machine's cores, against the same work
    // run sequentially; the ideal schedule is max(critical path, total work / cores).
    let rounds = 4_000_000
    let wide = (0..<64).map { index in
        StartupTask(name: "cpu-\(index)", owner: GeneratedGraph.owner) { blackHole(spin(rounds)) }
    }
    let wideRegistry = registry(with: wide)
    Benchmark("parallel/orchestrator 64 cpu tasks") { benchmark in
        for _ in benchmark.scaledIterations {
            blackHole(try await Application(registry: wideRegistry).launch())
        }
    }
    Benchmark("parallel/task group 64 cpu tasks") { benchmark in
        for _ in benchmark.scaledIterations {
            await withTaskGroup(of: Void.self) { group in
                for _ in 0..<64 { group.addTask { blackHole(spin(rounds)) } }
            }
        }
    }
    Benchmark("parallel/sequential work 64 cpu tasks") { benchmark in
        for _ in benchmark.scaledIterations {
            for task in wide { try await task.body() }
        }
    }
}

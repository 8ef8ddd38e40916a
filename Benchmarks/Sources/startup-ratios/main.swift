import BenchmarkSupport
import Foundation
import Plugboard

// Side by side in one run: the orchestrator against its floors, reported as ratios of medians.

func median(_ runs: Int, _ body: () async throws -> Void) async rethrows -> Duration {
    var samples: [Duration] = []
    for _ in 0..<runs {
        samples.append(try await ContinuousClock().measure { try await body() })
    }
    return samples.sorted()[runs / 2]
}

func milliseconds(_ duration: Duration) -> Double {
    Double(duration.components.seconds) * 1e3 + Double(duration.components.attoseconds) / 1e15
}

func row(_ label: String, _ value: String) {
    print(label.padding(toLength: 58, withPad: " ", startingAt: 0) + value)
}

let tasks10k = GeneratedGraph.tasks(count: 10_000)
let registry10k = registry(with: tasks10k)
// Interleaved, so that a change in the machine's load during the run weighs on both sides alike.
var orchestratorSamples: [Duration] = []
var floorSamples: [Duration] = []
for _ in 0..<31 {
    orchestratorSamples.append(
        try await ContinuousClock().measure { _ = try await Application(registry: registry10k).launch() })
    floorSamples.append(try await ContinuousClock().measure { try await kahnThenSequential(tasks10k) })
}
let orchestrator = orchestratorSamples.sorted()[15]
let floor = floorSamples.sorted()[15]
row("10k no-op tasks: orchestrator (validation included)", String(format: "%.2f ms", milliseconds(orchestrator)))
row("10k no-op tasks: floor (Kahn + sequential calls)", String(format: "%.2f ms", milliseconds(floor)))
row(
    "  ratio orchestrator / floor (target <= 3)",
    String(format: "%.2f", milliseconds(orchestrator) / milliseconds(floor)))

for count in [1_000, 10_000, 100_000] {
    let tasks = GeneratedGraph.tasks(count: count)
    let edges = tasks.reduce(0) { $0 + $1.dependencies.count }
    let runs = count == 100_000 ? 5 : 21
    let validation = try await median(runs) { _ = try StartupGraph(tasks: tasks) }
    // The same names resolved and ordered by the plain Kahn floor, without running anything: how
    // the memory traffic of this many names alone grows.
    let kahn = try await median(runs) {
        let ordered = try await kahnThenSequential(tasks, running: false)
        precondition(ordered == count)
    }
    row(
        "validate \(count) tasks + \(edges) edges",
        String(
            format: "%.2f ms, %.0f ns per task+edge (Kahn floor: %.0f ns)", milliseconds(validation),
            milliseconds(validation) * 1e6 / Double(count + edges), milliseconds(kahn) * 1e6 / Double(count + edges))
    )
}

let cores = 2
let rounds = 4_000_000
let wide = (0..<64).map { index in
    StartupTask(name: "cpu-\(index)", owner: GeneratedGraph.owner) { _ = spin(rounds) }
}
let wideRegistry = registry(with: wide)
let sequential = try await median(11) { for task in wide { try await task.body() } }
let parallel = try await median(11) { _ = try await Application(registry: wideRegistry).launch() }
let ideal = max(milliseconds(sequential) / 64, milliseconds(sequential) / Double(cores))
row("64 independent cpu tasks: total work (sequential)", String(format: "%.2f ms", milliseconds(sequential)))
row("64 independent cpu tasks: orchestrator on \(cores) cores", String(format: "%.2f ms", milliseconds(parallel)))
row(
    "  ratio orchestrator / ideal max(path, work/cores) (target <= 1.15)",
    String(format: "%.2f", milliseconds(parallel) / ideal))

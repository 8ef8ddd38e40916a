import Foundation
import Plugboard

// Time to first screen, whole process, side by side in one run: `plugboard open` of one plugin's
// screen with 5, 100 and 500 plugins installed — plugins activated when first needed (the
// default) beside all loaded at start (--eager) — beside the floor, a process that only maps
// that one plugin (and so the runtime and the Swift libraries it links). Then, in this process,
// the first use of a declared plugin beside loading and registering such a plugin alone.
//
// Last, a plugin replaced while the host runs (`plugboard run --watch`): from its new build renamed
// over its file to the rebuilt screen shown, beside loading and registering the same file and
// building its screen in this process; and the memory each reload adds to the host.
//
// Beside them, a Swift program that imports FoundationEssentials and prints one line: the host's
// own start against the least a Swift program takes.
//
// Targets: lazy with 500 installed within 1.15x of lazy with 5; lazy with 5 within 1.5x of the
// one-line program; eager with 500 at least 4x lazy with 500; a first use within 1.2x of loading
// and registering the plugin alone; a reload within 1.5x of loading and registering the file.
//
// Needs a release build of the host: swift build --package-path Plugins -c release --product plugboard

let package = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
    .deletingLastPathComponent()
let products = package.deletingLastPathComponent().appendingPathComponent("Plugins/.build/release")
let host = products.appendingPathComponent("plugboard").path
guard FileManager.default.isExecutableFile(atPath: host) else {
    print("no release host at \(host); build it: swift build --package-path Plugins -c release --product plugboard")
    exit(1)
}
let sizes = [5, 100, 500]
let rounds = CommandLine.arguments.dropFirst().lazy.compactMap { Int($0) }.first ?? 11
// `--isolation` measures isolated plugins alone.
let onlyIsolation = CommandLine.arguments.contains("--isolation")
// The plugins are compiled against the release host's runtime, and this process loads them too.
let hostRuntime = try HostRuntime.build(of: host)
guard hostRuntime == RuntimeFingerprint.current.runtimeVersion else {
    print(
        "the release host runs \(hostRuntime), this benchmark \(RuntimeFingerprint.current.runtimeVersion): "
            + "build both from the same sources: swift build --package-path Plugins -c release --product plugboard; "
            + "swift build --package-path Benchmarks -c release")
    exit(1)
}
// Kept per runtime build: plugins of another build would be refused.
let build = RuntimeFingerprint.current.runtimeVersion.split(separator: "+").last.map(String.init) ?? "build"
let installed = InstalledPlugins(
    products: products, root: package.appendingPathComponent(".build/first-screen/\(build)"))
installed.removeOtherBuilds()
try installed.build(sizes.max()!)
let populations = try sizes.map { try installed.population(of: $0) }
let floor = try Floor.build(in: installed.root)
let oneLiner = try OneLiner.build(in: installed.root)

if onlyIsolation {
    try await printIsolation()
    exit(0)
}

/// The commands measured, each named, run in turn in every round.
let commands: [(name: String, arguments: [String])] =
    zip(sizes, populations).map { size, directory in
        ("lazy \(size)", [host, "open", "app://p0", "--plugins", directory.path])
    }
    + zip(sizes, populations).map { size, directory in
        ("eager \(size)", [host, "open", "app://p0", "--plugins", directory.path, "--eager"])
    } + [
        ("floor", [floor, populations[0].appendingPathComponent(InstalledPlugins.file(0)).path]),
        ("one-liner", [oneLiner]),
    ]

var times: [String: [Double]] = [:]
var memory: [String: [Int]] = [:]
for round in 0...rounds {
    // Each round in another order, so that no command always follows the same one.
    for (name, arguments) in round % 2 == 0 ? commands : commands.reversed() {
        let run = try WholeProcess.run(arguments)
        guard round > 0 else { continue }  // the first round warms the caches
        times[name, default: []].append(run.seconds)
        memory[name, default: []].append(run.peakKilobytes)
    }
}

func median(_ values: [Double]) -> Double { values.sorted()[values.count / 2] }
@MainActor func ratios(_ a: String, _ b: String) -> [Double] { zip(times[a]!, times[b]!).map { $0 / $1 } }
func range(_ values: [Double], _ format: String) -> String {
    let sorted = values.sorted()
    return "\(String(format: format, sorted.first!))–\(String(format: format, sorted.last!)), "
        + "median \(String(format: format, median(values)))"
}
print("time to first screen, whole process, \(rounds) rounds (medians, min–max)")
for (name, _) in commands {
    let peak = memory[name]!.sorted()[memory[name]!.count / 2]
    print(
        "  \(name.padding(toLength: 10, withPad: " ", startingAt: 0)) \(range(times[name]!.map { $0 * 1000 }, "%.2f")) ms, peak \(peak / 1024) MiB"
    )
}
print("  lazy 500 ÷ lazy 5:   \(range(ratios("lazy 500", "lazy 5"), "%.3f"))  (target ≤ 1.15)")
print("  eager 500 ÷ lazy 500: \(range(ratios("eager 500", "lazy 500"), "%.3f"))  (target ≥ 4)")
print("  lazy 5 ÷ floor:      \(range(ratios("lazy 5", "floor"), "%.3f"))")
print("  lazy 5 ÷ one-liner:  \(range(ratios("lazy 5", "one-liner"), "%.3f"))  (target ≤ 1.5)")
print(
    "  floor ÷ one-liner:   \(range(ratios("floor", "one-liner"), "%.3f"))"
        + "  (no host that shows the screen starts in less than the floor)")

let firstUse = try await FirstUse.measure(populations.last!, rounds: rounds)
print("first use of a declared plugin ÷ loading and registering one alone: \(range(firstUse, "%.3f"))  (target ≤ 1.2)")

let reload = try await Reload.measure(
    populations[0].appendingPathComponent(InstalledPlugins.file(0)), host: host, in: installed.root, rounds: rounds)
print(
    "reload, new build renamed over the file → rebuilt screen shown: \(range(reload.reloads.map { $0 * 1000 }, "%.2f")) ms"
)
print("reload ÷ loading and registering the same file: \(range(reload.ratios, "%.3f"))  (target ≤ 1.5)")
print(
    "  a command's round trip through the same shell, the floor of waking the host and reading it: "
        + "\(range(reload.roundTrips.map { $0 * 1000 }, "%.2f")) ms")
print(
    "  the reload in a process of its own (replace, rebuild the screen) ÷ loading and registering: "
        + "\(range(reload.inProcessRatios, "%.3f"))")
print("memory per reload: \(reload.kilobytesPerReload) KiB of resident memory (the image of each build stays mapped)")

try await printIsolation()

/// Isolated plugins beside the same in this process (``Isolated``), with the 500 plugins' last
/// ones, which no other measurement uses.
@MainActor func printIsolation() async throws {
    let figures = try await Isolated.measure(populations.last!, host: host, first: 300, rounds: rounds)
    func median(_ values: [Double]) -> Double { values.sorted()[values.count / 2] }
    func range(_ values: [Double], _ format: String) -> String {
        let sorted = values.sorted()
        return "\(String(format: format, sorted.first!))–\(String(format: format, sorted.last!)), "
            + "median \(String(format: format, median(values)))"
    }
    print("isolated plugins, \(rounds) rounds (min–max, median)")
    print(
        "  open and render an active plugin's screen: \(range(figures.openMicroseconds, "%.1f")) µs isolated, "
            + "\(range(figures.floorMicroseconds, "%.1f")) µs in this process + one round trip of the bytes")
    print(
        "    of which in this process \(range(figures.inProcessMicroseconds, "%.1f")) µs, "
            + "the round trip \(range(figures.roundTripMicroseconds, "%.1f")) µs")
    print(
        "  isolated ÷ (in this process with one round trip of the bytes in each open): "
            + "\(range(figures.pacedRatios, "%.3f"))  (target ≤ 1.5)")
    print("    the floor, so paced: \(range(figures.pacedFloorMicroseconds, "%.1f")) µs")
    print(
        "    isolated ÷ (in this process + the round trip timed alone, one after another): "
            + "\(range(figures.openRatios, "%.3f"))")
    print(
        "    of which encoding and decoding the request and its answer, both sides: "
            + "\(range(figures.codingMicroseconds, "%.1f")) µs")
    print(
        "  each open 2 ms after the last, as a person's come: \(range(figures.spacedMicroseconds, "%.1f")) µs "
            + "isolated, \(range(figures.spacedFloorMicroseconds, "%.1f")) µs in this process with one round trip "
            + "(\(range(figures.spacedInProcessMicroseconds, "%.1f")) µs without it); isolated ÷ that: "
            + "\(range(figures.spacedRatios, "%.3f"))")
    print(
        "  first use, process start included: \(range(figures.firstUseMilliseconds, "%.2f")) ms; "
            + "÷ a first use in this process: \(range(figures.firstUseRatios, "%.1f"))  (target ≤ 2)")
    print(
        "    the floor of any process start, forking this process and waiting for it: \(range(figures.forkMilliseconds, "%.2f")) ms"
    )
    print(
        "  death (SIGKILL) → its screen shows the stop: \(range(figures.deathMilliseconds, "%.2f")) ms  (target < 50)")
    print("  restart → rebuilt screen ÷ an isolated first use: \(range(figures.restartRatios, "%.3f"))  (target ≤ 1.5)")
    print(
        "  confined ÷ not confined: an open \(range(figures.confinedOpenRatios, "%.3f"))  (target: nothing measurable)")
    let pss = figures.pssKilobytes.sorted()
    let rss = figures.rssKilobytes.sorted()
    print(
        "  idle plugin processes, \(Isolated.crowd) running: PSS \(pss[pss.count / 2]) KiB each (median; "
            + "\(pss.first!)–\(pss.last!)), RSS \(rss[rss.count / 2]) KiB  (target PSS ≤ 4096 KiB)")
    let (threads, descriptors) = (figures.hostThreads, figures.hostDescriptors)
    let perProcess = Double(descriptors.many - descriptors.few) / Double(Isolated.crowd - 5)
    print(
        "  this process with 5 plugin processes running → \(Isolated.crowd): \(threads.few) → \(threads.many) threads "
            + "(target: no more), \(descriptors.few) → \(descriptors.many) descriptors, "
            + "\(String(format: "%.2f", perProcess)) per process (target ≤ 2)")
    print(
        "  an open with \(Isolated.crowd) running ÷ with 5: \(range(figures.crowdedOpenRatios, "%.3f"))")
}

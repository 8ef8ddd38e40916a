import Foundation
import Plugboard
import Synchronization

// Side by side: loading and registering 100 generated plugins with Plugboard's loader, against the
// floor of dlopen + dlsym of the same files; and reading their sealed manifests without loading.
// Each measurement runs in a fresh child process, since a loaded image stays loaded; each round
// runs every kind once, each round starting with the next kind, and a ratio is the median of the
// rounds' ratios. Wall-clock time is what
// a host waits; CPU time (every thread of the process) is the work done, which the loader spreads
// over two threads. The busy floor is the floor while a second thread of the process spins: on
// a machine where that alone slows `dlopen`, a loader that works on two threads cannot beat it.
// The thread floor is the floor run on a second thread while the first waits for it: what moving
// the `dlopen`s off the calling thread costs before any work overlaps them. On one core, the load
// and the floor run bound to one processor (`taskset`, the round's turn of the processors), so the
// loader does all its work on the calling thread: what a load costs where a second thread cannot
// help.

enum PlugboardFingerprint {
    static let runtimeVersion = RuntimeFingerprint.current.runtimeVersion
    static let toolchain = RuntimeFingerprint.current.toolchain
}

let executable =
    (try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe")) ?? CommandLine.arguments[0]
let products = URL(fileURLWithPath: executable).deletingLastPathComponent()

func files(in directory: String) -> [String] {
    (try? PluginLoader.pluginFiles(in: directory)) ?? []
}

/// Nanoseconds on `clock` (`CLOCK_MONOTONIC` or `CLOCK_PROCESS_CPUTIME_ID`).
func nanoseconds(_ clock: clockid_t) -> Int {
    var time = timespec()
    clock_gettime(clock, &time)
    return time.tv_sec * 1_000_000_000 + time.tv_nsec
}

/// The floor: `dlopen` and `dlsym` of every file.
func openAll(_ paths: [String]) {
    for path in paths {
        guard let handle = dlopen(path, RTLD_NOW | RTLD_LOCAL | RTLD_NODELETE),
            dlsym(handle, "plugboard_plugin_entry") != nil
        else { fatalError("\(path): \(String(cString: dlerror()))") }
    }
}

/// The floor on a new thread, which the calling thread waits for: a plain `pthread`, as the
/// loader's own `WorkerThread` is, rather than Foundation's `Thread`.
func openAllOnThread(_ paths: [String]) {
    final class Files {
        let paths: [String]
        init(_ paths: [String]) { self.paths = paths }
    }
    var thread = pthread_t()
    let files = Unmanaged.passRetained(Files(paths)).toOpaque()
    let created = pthread_create(
        &thread, nil,
        {
            openAll(Unmanaged<Files>.fromOpaque($0!).takeRetainedValue().paths)
            return nil
        }, files)
    guard created == 0 else { fatalError("no thread") }
    pthread_join(thread, nil)
}

/// The child's side: one kind of work over every file, printing wall-clock and CPU nanoseconds.
func measure(_ mode: String, _ directory: String) -> (wall: Int, cpu: Int) {
    let paths = files(in: directory)
    let loader = PluginLoader(registry: Registry())
    // A host keeps its registry: releasing it (after the clocks are read) is not part of loading.
    defer { withExtendedLifetime(loader) {} }
    let (wall, cpu) = (nanoseconds(CLOCK_MONOTONIC), nanoseconds(CLOCK_PROCESS_CPUTIME_ID))
    switch mode {
    case "floor":
        openAll(paths)
    case "thread floor":
        openAllOnThread(paths)
    case "busy floor":
        let stop = Atomic(false)
        let spinner = Thread { while !stop.load(ordering: .relaxed) {} }
        spinner.start()
        openAll(paths)
        stop.store(true, ordering: .relaxed)
    case "load":
        for result in loader.load(files: paths) {
            do { _ = try result.get() } catch { fatalError("\(error)") }
        }
    default:
        for path in paths {
            guard (try? ManifestReader.read(fileAt: path)) != nil else { fatalError("\(path) is not sealed") }
        }
    }
    return (nanoseconds(CLOCK_MONOTONIC) - wall, nanoseconds(CLOCK_PROCESS_CPUTIME_ID) - cpu)
}

if CommandLine.arguments.count == 3 {
    let (wall, cpu) = measure(CommandLine.arguments[1], CommandLine.arguments[2])
    print(wall, cpu)
    exit(0)
}

let root = products.appendingPathComponent("generated-plugins")
let (plain, sealed) = try GeneratedPlugins.prepare(in: root, products: products)

/// Runs one measurement in a fresh child process, bound to `processor` if one is given.
func child(_ mode: String, _ directory: URL, on processor: Int? = nil) -> (wall: Double, cpu: Double) {
    let process = Process()
    if let processor {
        process.executableURL = URL(fileURLWithPath: "/usr/bin/taskset")
        process.arguments = ["-c", String(processor), executable, mode, directory.path]
    } else {
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = [mode, directory.path]
    }
    let output = Pipe()
    process.standardOutput = output
    try? process.run()
    let text = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
    process.waitUntilExit()
    let numbers = text.split(separator: " ").compactMap { Double($0.trimmingCharacters(in: .whitespacesAndNewlines)) }
    return numbers.count == 2 ? (numbers[0], numbers[1]) : (.nan, .nan)
}

var samples: [String: [Double]] = [:]
var ratios: [String: [Double]] = [:]
let rounds = 41
/// A measurement: its name in the results, what the child does, on which files, and whether the
/// child is bound to one processor.
struct Kind {
    let name: String
    let mode: String
    let directory: URL
    var oneCore = false
}
let kinds = [
    Kind(name: "floor", mode: "floor", directory: plain), Kind(name: "load", mode: "load", directory: plain),
    Kind(name: "load sealed", mode: "load", directory: sealed),
    Kind(name: "manifest", mode: "manifest", directory: sealed),
    Kind(name: "busy floor", mode: "busy floor", directory: plain),
    Kind(name: "thread floor", mode: "thread floor", directory: plain),
    Kind(name: "floor on one core", mode: "floor", directory: plain, oneCore: true),
    Kind(name: "load on one core", mode: "load", directory: plain, oneCore: true),
]
for index in 0..<rounds {
    // Each round starts with another kind, so that none always runs right after the same one.
    var round: [String: (wall: Double, cpu: Double)] = [:]
    for offset in kinds.indices {
        let kind = kinds[(index + offset) % kinds.count]
        let processor = kind.oneCore ? index % ProcessInfo.processInfo.activeProcessorCount : nil
        round[kind.name] = child(kind.mode, kind.directory, on: processor)
    }
    for (name, value) in round { samples[name, default: []].append(value.wall) }
    // Ratios within a round, where the machine's load weighs on every side alike.
    ratios["load", default: []].append(round["load"]!.wall / round["floor"]!.wall)
    ratios["load cpu", default: []].append(round["load"]!.cpu / round["floor"]!.cpu)
    ratios["busy floor", default: []].append(round["busy floor"]!.wall / round["floor"]!.wall)
    ratios["thread floor", default: []].append(round["thread floor"]!.wall / round["floor"]!.wall)
    ratios["load/thread floor", default: []].append(round["load"]!.wall / round["thread floor"]!.wall)
    ratios["load on one core", default: []].append(round["load on one core"]!.wall / round["floor on one core"]!.wall)
    ratios["load sealed", default: []].append(round["load sealed"]!.wall / round["floor"]!.wall)
    ratios["manifest", default: []].append(round["load"]!.wall / round["manifest"]!.wall)
}
let median = { (name: String) in samples[name]!.sorted()[rounds / 2] / 1e6 }
let ratio = { (name: String) in ratios[name]!.sorted()[rounds / 2] }
let spread = { (name: String) in String(format: "rounds %.2f–%.2f", ratios[name]!.min()!, ratios[name]!.max()!) }
print(String(format: "100 plugins, 3 modules each: dlopen+dlsym floor %.2f ms", median("floor")))
print(
    String(
        format: "  Plugboard load+register %.2f ms, ratio %.2f (%@; target <= 1.25); CPU time ratio %.2f",
        median("load"), ratio("load"), spread("load"), ratio("load cpu")))
print(
    String(
        format: "  the floor while another thread of the process spins: %.2f ms, %.2fx the floor", median("busy floor"),
        ratio("busy floor")))
print(
    String(
        format: "  the floor on a second thread while the first waits: %.2f ms, %.2fx the floor (load: %.2fx it)",
        median("thread floor"), ratio("thread floor"), ratio("load/thread floor")))
print(
    String(
        format: "  on one core: load+register %.2f ms, %.2fx the floor on that core (%.2f ms)",
        median("load on one core"), ratio("load on one core"), median("floor on one core")))
print(
    String(
        format: "  Plugboard load+register, sealed %.2f ms, ratio %.2f", median("load sealed"), ratio("load sealed")))
print(
    String(
        format: "  read sealed manifests %.2f ms: %.1fx cheaper than loading (target >= 10)", median("manifest"),
        ratio("manifest")))

import Foundation
import Plugboard

// Side by side: resolving the population of 1,000 generated plugins (random dependency graphs,
// a tenth of the plugins installed in two versions) with PluginResolver, against reading those
// plugins' sealed manifests from their files, which a host does first. Both in this process, in
// alternating rounds; a ratio is resolution ÷ reading, per round. Target: resolution adds at most
// 10% to reading the manifests.

/// A small deterministic generator, so that every run resolves the same population.
struct SplitMix: RandomNumberGenerator {
    var state: UInt64
    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}

/// A 64-bit ELF image whose only content is the manifest section, as `plugboard seal` adds it.
func image(holding manifest: [UInt8]) -> [UInt8] {
    let names = Array("\0.shstrtab\0.plugboard_manifest\0".utf8)
    let namesOffset = 64
    let manifestOffset = namesOffset + names.count
    let tableOffset = (manifestOffset + manifest.count + 7) / 8 * 8
    var bytes = [UInt8](repeating: 0, count: tableOffset + 3 * 64)
    func put<Value: FixedWidthInteger>(_ value: Value, at offset: Int) {
        withUnsafeBytes(of: value.littleEndian) { bytes.replaceSubrange(offset..<offset + $0.count, with: $0) }
    }
    bytes.replaceSubrange(0..<6, with: [0x7F, 0x45, 0x4C, 0x46, 2, 1])
    put(UInt16(3), at: 16)
    put(UInt64(tableOffset), at: 40)
    put(UInt16(64), at: 58)
    put(UInt16(3), at: 60)
    put(UInt16(1), at: 62)
    bytes.replaceSubrange(namesOffset..<manifestOffset, with: names)
    bytes.replaceSubrange(manifestOffset..<manifestOffset + manifest.count, with: manifest)
    for (index, (name, offset, size)) in [(1, namesOffset, names.count), (11, manifestOffset, manifest.count)]
        .enumerated()
    {
        let header = tableOffset + (index + 1) * 64
        put(UInt32(name), at: header)
        put(UInt64(offset), at: header + 24)
        put(UInt64(size), at: header + 32)
    }
    return bytes
}

/// Writes the population into a new directory; returns the files' paths.
func population(of count: Int) throws -> [String] {
    let directory = FileManager.default.temporaryDirectory.appendingPathComponent("plugboard-resolve-\(getpid())")
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    var generator = SplitMix(state: 2026)
    var paths: [String] = []
    for index in 0..<count {
        let versions = Int.random(in: 0..<10, using: &generator) == 0 ? ["1.0.0", "1.3.0"] : ["1.2.0"]
        // Dependencies on earlier plugins only, so that most of the population loads.
        let dependencies = (0..<(index == 0 ? 0 : Int.random(in: 0...3, using: &generator))).map { _ in
            let target = Int.random(in: 0..<index, using: &generator)
            return PluginDependency.plugin(
                "P\(target)", from: "1.\(Int.random(in: 0...2, using: &generator)).0",
                optional: Int.random(in: 0..<5, using: &generator) == 0)
        }
        var seen: Set<String> = []
        let unique = dependencies.filter { seen.insert($0.name).inserted }
        for (copy, version) in versions.enumerated() {
            // The manifest as `plugboard seal` writes it: its keys sorted.
            let manifest: [String: Any] = [
                "name": "P\(index)", "version": version, "runtimeVersion": RuntimeFingerprint.current.runtimeVersion,
                "toolchain": RuntimeFingerprint.current.toolchain, "architecture": "x86_64",
                "modules": ["P\(index)Plugin.P\(index)Module"],
                "routes": ["app://p\(index)", "app://p\(index)/:id(int)"],
                "tasks": ["p\(index).warm"], "dependencies": unique.map(\.description),
            ]
            let json = try JSONSerialization.data(withJSONObject: manifest, options: [.sortedKeys])
            let path = directory.appendingPathComponent("libP\(index)-\(copy).so").path
            try Data(image(holding: Array(json))).write(to: URL(fileURLWithPath: path))
            paths.append(path)
        }
    }
    return paths
}

func readManifests(_ paths: [String]) -> [PluginCandidate] {
    paths.map { path in
        guard let sealed = try? ManifestReader.read(fileAt: path) else { fatalError("\(path): no manifest") }
        return PluginCandidate(
            path: path, name: sealed.name, version: sealed.version, dependencies: sealed.dependencies)
    }
}

func seconds(_ duration: Duration) -> Double {
    Double(duration.components.seconds) + Double(duration.components.attoseconds) / 1e18
}

let count = CommandLine.arguments.count > 1 ? Int(CommandLine.arguments[1]) ?? 1_000 : 1_000
let rounds = 21
let paths = try population(of: count)
let clock = ContinuousClock()
var ratios: [Double] = []
var reads: [Double] = []
var resolves: [Double] = []
var resolution: PluginResolution?
for round in 0..<(rounds + 1) {
    var candidates: [PluginCandidate] = []
    let read = clock.measure { candidates = readManifests(paths) }
    let resolve = clock.measure { resolution = PluginResolver.resolve(candidates) }
    guard round > 0 else { continue }  // the first round warms the caches
    reads.append(seconds(read))
    resolves.append(seconds(resolve))
    ratios.append(seconds(resolve) / seconds(read))
}
func summary(_ values: [Double], _ format: (Double) -> String) -> String {
    let sorted = values.sorted()
    return "\(format(sorted.first!))–\(format(sorted.last!)), median \(format(sorted[sorted.count / 2]))"
}
let milliseconds = { (value: Double) in String(format: "%.2f ms", value * 1_000) }
print("\(paths.count) plugin files of \(count) plugins; \(rounds) rounds")
print("loaded \(resolution!.order.count), refused \(resolution!.refusals.count)")
print("reading the sealed manifests: \(summary(reads, milliseconds))")
print("resolving the population:     \(summary(resolves, milliseconds))")
print("resolution ÷ reading:          \(summary(ratios) { String(format: "%.3f", $0) })  (target ≤ 0.10)")
try? FileManager.default.removeItem(atPath: (paths[0] as NSString).deletingLastPathComponent)

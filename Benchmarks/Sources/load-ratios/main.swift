import Foundation
import Plugboard

// Side by side: loading and registering 100 generated plugins with Plugboard's loader, against the
// floor of dlopen + dlsym of the same files; and reading their sealed manifests without loading.
// Each measurement runs in a fresh child process, since a loaded image stays loaded; each round
// runs every kind once, and a ratio is the median of the rounds' ratios.

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

/// The child's side: one kind of work over every file, printing nanoseconds.
func measure(_ mode: String, _ directory: String) -> Int {
    let paths = files(in: directory)
    let clock = ContinuousClock()
    let elapsed: Duration
    switch mode {
    case "floor":
        elapsed = clock.measure {
            for path in paths {
                guard let handle = dlopen(path, RTLD_NOW | RTLD_LOCAL | RTLD_NODELETE),
                    dlsym(handle, "plugboard_plugin_entry") != nil
                else { fatalError("\(path): \(String(cString: dlerror()))") }
            }
        }
    case "load":
        let loader = PluginLoader(registry: Registry())
        elapsed = clock.measure {
            for path in paths {
                do { try loader.load(file: path) } catch { fatalError("\(error)") }
            }
        }
    default:
        elapsed = clock.measure {
            for path in paths {
                guard (try? ManifestReader.read(fileAt: path)) != nil else { fatalError("\(path) is not sealed") }
            }
        }
    }
    return Int(elapsed.components.seconds) * 1_000_000_000 + Int(elapsed.components.attoseconds / 1_000_000_000)
}

if CommandLine.arguments.count == 3 {
    print(measure(CommandLine.arguments[1], CommandLine.arguments[2]))
    exit(0)
}

let root = products.appendingPathComponent("generated-plugins")
let (plain, sealed) = try GeneratedPlugins.prepare(in: root, products: products)

func child(_ mode: String, _ directory: URL) -> Double {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: executable)
    process.arguments = [mode, directory.path]
    let output = Pipe()
    process.standardOutput = output
    try? process.run()
    let text = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
    process.waitUntilExit()
    return Double(text.trimmingCharacters(in: .whitespacesAndNewlines)) ?? .nan
}

var samples: [String: [Double]] = [:]
var ratios: [String: [Double]] = [:]
for _ in 0..<9 {
    let round = [
        "floor": child("floor", plain), "load": child("load", plain), "load sealed": child("load", sealed),
        "manifest": child("manifest", sealed),
    ]
    for (name, value) in round { samples[name, default: []].append(value) }
    // Ratios within a round, where the machine's load weighs on every side alike.
    ratios["load", default: []].append(round["load"]! / round["floor"]!)
    ratios["load sealed", default: []].append(round["load sealed"]! / round["floor"]!)
    ratios["manifest", default: []].append(round["load"]! / round["manifest"]!)
}
let median = { (name: String) in samples[name]!.sorted()[4] / 1e6 }
let ratio = { (name: String) in ratios[name]!.sorted()[4] }
print(String(format: "100 plugins, 3 modules each: dlopen+dlsym floor %.2f ms", median("floor")))
print(
    String(
        format: "  Plugboard load+register %.2f ms, ratio %.2f (target <= 1.25)", median("load"), ratio("load")))
print(
    String(
        format: "  Plugboard load+register, sealed %.2f ms, ratio %.2f", median("load sealed"), ratio("load sealed")))
print(
    String(
        format: "  read sealed manifests %.2f ms: %.1fx cheaper than loading (target >= 10)", median("manifest"),
        ratio("manifest")))

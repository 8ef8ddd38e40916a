import Foundation

// A hostile isolated plugin's flood of navigations, whole process, side by side in one run: the
// release host runs the probe plugin isolated; its view model asks for 200,000 navigations at
// once (`do flood`), and then the shell is asked for its stack. Measured each round, in a fresh
// host: how long the shell takes to answer that next command after the flood's action answered,
// beside the same command in a host that was not flooded; and how much more memory (resident)
// the host holds after the flood than before it.
//
// Targets: the next command answered within 1 s of the flood's end; at most 10 MiB more held.
//
// Needs a release build of the host and the plugins: swift build --package-path Plugins -c release

let package = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
    .deletingLastPathComponent()
let products = package.deletingLastPathComponent().appendingPathComponent("Plugins/.build/release")
let host = products.appendingPathComponent("plugboard").path
let probe = products.appendingPathComponent("libProbePlugin.so").path
guard FileManager.default.isExecutableFile(atPath: host), FileManager.default.fileExists(atPath: probe) else {
    print("no release host or probe in \(products.path); build them: swift build --package-path Plugins -c release")
    exit(1)
}
let rounds = CommandLine.arguments.dropFirst().lazy.compactMap { Int($0) }.first ?? 5

var floodedAnswers: [Double] = []
var calmAnswers: [Double] = []
var floods: [Double] = []
var heldKilobytes: [Int] = []
for round in 0...rounds {
    // Each round in another order, so that neither always runs first.
    var figures: [(flooded: Bool, answer: Double, flood: Double, held: Int)] = []
    for flooded in round % 2 == 0 ? [true, false] : [false, true] {
        figures.append(try FloodedHost.measure(host: host, probe: probe, flooding: flooded))
    }
    guard round > 0 else { continue }  // the first round warms the caches
    for figure in figures {
        if figure.flooded {
            floodedAnswers.append(figure.answer)
            floods.append(figure.flood)
            heldKilobytes.append(figure.held)
        } else {
            calmAnswers.append(figure.answer)
        }
    }
}

func median(_ values: [Double]) -> Double { values.sorted()[values.count / 2] }
let ratios = zip(floodedAnswers, calmAnswers).map { $0 / $1 }
print("flood of 200,000 navigations from an isolated plugin, \(rounds) rounds (median, min–max)")
print(
    String(
        format: "  next command answered after the flood: %.1f ms (%.1f–%.1f); unflooded: %.1f ms; ratio %.2f",
        median(floodedAnswers) * 1000, floodedAnswers.min()! * 1000, floodedAnswers.max()! * 1000,
        median(calmAnswers) * 1000, median(ratios)))
print(
    String(
        format: "  the flood's action answered in %.0f ms (%.0f–%.0f)", median(floods) * 1000, floods.min()! * 1000,
        floods.max()! * 1000))
let held = heldKilobytes.sorted()
print(
    "  host's resident memory after the flood minus before: \(held[held.count / 2]) KiB (\(held.first!)–\(held.last!))")
print("  targets: within 1000 ms; at most 10240 KiB")

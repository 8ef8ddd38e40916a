import Foundation
import Testing

/// The probe, sealed as a plugin not needed at launch.
enum LazyProbe {
    /// A copy of the probe, sealed as a plugin activated when first needed (with `settings`), in
    /// a directory of its own: the host reads its declarations from the seal, running none of it;
    /// and the path of the record it keeps when `PLUGBOARD_PROBE_RECORD` names it.
    static func sealed(_ settings: [String: String] = [:]) async throws -> (Scratch, record: String) {
        let scratch = try Scratch()
        let probe = try scratch.copy(BuildProducts.probe, as: "libProbePlugin.so")
        let record = scratch.directory.appendingPathComponent("record").path
        // Its manifest declares the writing of its record's directory, which an isolated host
        // grants it; what its code does as it is sealed goes to a record of its own there.
        let sealing = scratch.directory.appendingPathComponent("sealing").path
        let seal = try await HostProcess.run(
            ["seal", probe],
            environment: ["PLUGBOARD_PROBE_LAZY": "1", "PLUGBOARD_PROBE_RECORD": sealing].merging(settings) { $1 })
        try #require(seal.status == 0, "\(seal.standardError)")
        return (scratch, record)
    }
}

import Foundation
import Plugboard
import Testing

extension Scratch {
    /// In a new scratch directory: a sealed greeter, which passes every check, and a copy that the
    /// checks refuse (its sealed manifest, and only it, names another runtime) and whose code
    /// titles its route otherwise, so that a loaded copy shows which file was mapped.
    static func greeterAndRefusedCopy() async throws -> (good: [UInt8], refused: [UInt8], scratch: Scratch) {
        try await sealedAndRefusedCopy(
            of: try BuildProducts.greeter, marking: "from the greeter plugin", as: "from the refused plugin")
    }

    /// In a new scratch directory: the plugin file `plugin` sealed, which passes every check, and
    /// a copy that the checks refuse (its sealed manifest, and only it, names another runtime) and
    /// whose code says `mark` where the plugin says `original` (a route's title or pattern), so
    /// that a loaded copy shows which file was mapped.
    static func sealedAndRefusedCopy(
        of plugin: String, marking original: String, as mark: String
    ) async throws -> (good: [UInt8], refused: [UInt8], scratch: Scratch) {
        let scratch = try Scratch()
        let path = try scratch.copy(plugin, as: "libSealed.so")
        let run = try await HostProcess.run(["seal", path])
        try #require(run.status == 0, "\(run.standardError)")
        let good = [UInt8](try Data(contentsOf: URL(fileURLWithPath: path)))
        var refused = [UInt8](
            try Data(
                contentsOf: URL(
                    fileURLWithPath: try scratch.patchedCopy(
                        path, as: "libRetitled.so", replacing: original, with: mark))))
        // `seal` writes the manifest with sorted keys, so it starts with {"architecture".
        let head = Array(#"{"architecture""#.utf8)
        let manifest = try #require((0...(refused.count - head.count)).last { refused[$0...].starts(with: head) })
        let version = Array(RuntimeFingerprint.current.runtimeVersion.utf8)
        let at = try #require((manifest..<refused.count).first { refused[$0...].starts(with: version) })
        // Another last character of the digest: a build for another runtime.
        let last = at + version.count - 1
        refused[last] = refused[last] == UInt8(ascii: "9") ? UInt8(ascii: "8") : UInt8(ascii: "9")
        return (good, refused, scratch)
    }
}

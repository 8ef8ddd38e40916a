import Foundation
import Plugboard
import Testing

/// A file whose declarations were read apart from loading it is loaded only while its content is
/// what they were read from: one rebuilt or rewritten in place since is refused before it is mapped.
struct ContentDigestTests {
    @Test func aFileRewrittenInPlaceSinceItsDeclarationsWereReadIsRefused() throws {
        let scratch = try Scratch()
        let probe = try scratch.copy(BuildProducts.probe, as: "libProbePlugin.so")
        let digest = try #require(PluginLoader.contentDigest(ofFileAt: probe))
        #expect(digest.wholeMatch(of: /fnv1a64:[0-9a-f]{16}/) != nil)
        #expect(PluginLoader.contentDigest(ofFileAt: probe) == digest, "the same content, the same digest")
        // The same size, the same path and inode, one word changed: as a rebuild written in place.
        let patched = try scratch.patchedCopy(probe, as: "patched.so", replacing: "FAILS asks", with: "FAILS says")
        let handle = try FileHandle(forWritingTo: URL(fileURLWithPath: probe))
        try handle.write(contentsOf: try Data(contentsOf: URL(fileURLWithPath: patched)))
        try handle.close()
        #expect(PluginLoader.contentDigest(ofFileAt: probe) != digest)
        let loader = PluginLoader(registry: Registry())
        let candidate = PluginCandidate(path: probe, name: "Probe", version: "0.0.1", contentDigest: digest)
        guard case .failure(.contentChanged(probe)) = loader.load(resolved: [candidate])[0] else {
            Issue.record("a rewritten file was not refused")
            return
        }
        #expect(loader.registry.snapshot.plugins.isEmpty)
        // Read again, it loads.
        let fresh = PluginCandidate(
            path: probe, name: "Probe", version: "0.0.1", contentDigest: PluginLoader.contentDigest(ofFileAt: probe))
        #expect((try? loader.load(resolved: [fresh])[0].get())?.manifest.name == "Probe")
    }
}

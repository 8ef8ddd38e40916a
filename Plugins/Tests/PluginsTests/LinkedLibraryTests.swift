import Foundation
import Plugboard
import Testing

/// A plugin that links a library lying beside it — another plugin's — is refused before it is
/// mapped: the dynamic linker would load that library with it, past every check.
struct LinkedLibraryTests {
    @Test func aPluginLinkingALibraryBesideItIsRefusedBeforeItIsMapped() throws {
        let scratch = try Scratch()
        // The greeter, made to link "libPlugboarX.so" where it links the runtime, and a plugin of
        // that name beside it.
        let greeter = try scratch.patchedCopy(
            BuildProducts.greeter, as: "libGreeterPlugin.so", replacing: "libPlugboard.so", with: "libPlugboarX.so")
        let registry = Registry()
        let loader = PluginLoader(registry: registry)
        // Nothing of that name beside it: the checks have nothing to say (dlopen then fails to find it).
        let alone = #expect(throws: PluginLoadError.self) { try loader.load(file: greeter) }
        if case .linksLibraryBesideIt = alone { Issue.record("refused with nothing beside it") }
        _ = try scratch.copy(BuildProducts.probe, as: "libPlugboarX.so")
        let error = #expect(throws: PluginLoadError.self) { try loader.load(file: greeter) }
        guard case .linksLibraryBesideIt(let path, let library) = error else {
            Issue.record("unexpected \(String(describing: error))")
            return
        }
        #expect(path == greeter && library == "libPlugboarX.so")
        #expect(error?.description.contains("links libPlugboarX.so, a library beside it (another plugin's?)") == true)
        #expect(registry.snapshot.plugins.isEmpty)
        // The probe itself, unpatched, links only the runtime and the toolchain's libraries.
        let probe = try scratch.copy(BuildProducts.probe, as: "libProbePlugin.so")
        #expect(try PluginLoader(registry: Registry()).load(file: probe).manifest.name == "Probe")
    }
}

import Foundation
import Plugboard
@_spi(Testing) import Plugboard
import Testing

/// Loading the real example plugin files with `dlopen`.
struct PluginLoadingTests {
    @Test @MainActor func theGreeterRegistersItsModuleWithOwnership() async throws {
        let path = try BuildProducts.greeter
        let registry = Registry()
        let plugin = try PluginLoader(registry: registry).load(file: path)
        #expect(plugin.manifest.name == "Greeter")
        #expect(plugin.manifest.version == "1.0.0")
        #expect(plugin.manifest.fingerprint == .current)
        #expect(plugin.modules == ["GreeterPlugin.GreeterModule"])
        let owner = Owner(module: "GreeterPlugin.GreeterModule", image: path)
        let snapshot = registry.snapshot
        #expect(snapshot.plugins == [plugin])
        #expect(snapshot.modules.map(\.owner) == [owner])
        #expect(snapshot.modules.map(\.plugin) == ["Greeter"])
        #expect(snapshot.routes.map(\.pattern.description) == ["app://greeter/hello", "app://greeter/hello/:name"])
        #expect(snapshot.routes.map(\.owner) == [owner, owner])
        #expect(snapshot.tasks.map(\.name) == ["greeter.prepare"])
        #expect(snapshot.tasks.map(\.owner) == [owner])
        #expect(snapshot.services.map(\.typeName) == ["GreeterPlugin.Greetings"])

        #expect(try await registry.screen(for: "app://greeter/hello").render().contains("has not run yet"))
        let report = try await Application(registry: registry).launch()
        #expect(report.succeeded)
        let screen = try await registry.screen(for: "app://greeter/hello")
        #expect(screen.title == "Greeting")
        #expect(screen.render() == "Hello, Plugboard! This screen comes from the Greeter plugin.")
    }

    @Test func aPluginBuiltForAnotherRuntimeIsRefusedWithBothSidesNamed() throws {
        // The digest of the runtime's interface that the plugin was compiled with, made another's.
        let scratch = try Scratch()
        let digest = try #require(RuntimeFingerprint.current.runtimeVersion.split(separator: "+src.").last)
        let other = String(repeating: "0", count: digest.count)
        let path = try scratch.patchedCopy(
            BuildProducts.greeter, as: "libGreeterPlugin.so", replacing: String(digest), with: other)
        let registry = Registry()
        let error = #expect(throws: PluginLoadError.self) { try PluginLoader(registry: registry).load(file: path) }
        guard case .fingerprintMismatch(let errorPath, let plugin, let host) = error else {
            Issue.record("unexpected \(String(describing: error))")
            return
        }
        #expect(errorPath == path)
        #expect(plugin.runtimeVersion == "plugboard-runtime \(RuntimeFingerprint.version)+src.\(other)")
        #expect(host == .current)
        #expect(error?.description.contains("built for \(plugin.runtimeVersion)") == true)
        #expect(error?.description.contains("this host runs \(RuntimeFingerprint.current)") == true)
        #expect(registry.snapshot.modules.isEmpty)
        #expect(registry.snapshot.plugins.isEmpty)
    }

    @Test func aSecondCopyOfAPluginIsADuplicateAndChangesNothing() throws {
        let scratch = try Scratch()
        let original = try BuildProducts.greeter
        let copy = try scratch.copy(original, as: "libGreeterPlugin.so")
        let registry = Registry()
        let loader = PluginLoader(registry: registry)
        try loader.load(file: original)
        let before = registry.snapshot
        let error = #expect(throws: PluginLoadError.self) { try loader.load(file: copy) }
        guard case .duplicatePlugin(let name, let path, let loadedFrom) = error else {
            Issue.record("unexpected \(String(describing: error))")
            return
        }
        #expect(name == "Greeter")
        #expect(path == copy)
        #expect(loadedFrom == original)
        #expect(registry.snapshot.plugins == before.plugins)
        #expect(registry.snapshot.modules == before.modules)
    }

    @Test func theSameFileLoadedTwiceIsNamedAsSuch() throws {
        let greeter = try BuildProducts.greeter
        let results = PluginLoader(registry: Registry()).load(files: [greeter, greeter])
        #expect((try? results[0].get())?.manifest.name == "Greeter")
        guard case .failure(let error) = results[1], case .duplicatePlugin(_, greeter, greeter) = error else {
            Issue.record("unexpected \(results[1])")
            return
        }
        #expect(
            error.description
                == "\(greeter): plugin 'Greeter' is already loaded from this same file; load each file once")
    }

    @Test func aPluginWhoseRouteIsTakenLeavesNothingAndNamesBothOwners() throws {
        let path = try BuildProducts.greeter
        let registry = Registry()
        try registry.register([SquatterModule.self], image: "/usr/bin/host")
        let error = #expect(throws: PluginLoadError.self) { try PluginLoader(registry: registry).load(file: path) }
        guard case .registrationFailed(_, let plugin, .rejected(let problems)) = error else {
            Issue.record("unexpected \(String(describing: error))")
            return
        }
        #expect(plugin == "Greeter")
        #expect(
            problems == [
                .duplicateRoute(
                    pattern: "app://greeter/hello",
                    existing: Owner(module: "host.squatter", image: "/usr/bin/host"),
                    new: Owner(module: "GreeterPlugin.GreeterModule", image: path)
                )
            ]
        )
        #expect(registry.snapshot.modules.map(\.name) == ["host.squatter"])
        #expect(registry.snapshot.tasks.isEmpty)
        #expect(registry.snapshot.services.isEmpty)
        #expect(registry.snapshot.plugins.isEmpty)
    }

    @Test func aDirectoryLoadsEveryPluginInNameOrderPastFailures() throws {
        let scratch = try Scratch()
        _ = try scratch.copy(BuildProducts.probe, as: "c-probe.so")
        _ = try scratch.copy(BuildProducts.greeter, as: "a-greeter.so")
        try Data("not a plugin".utf8).write(to: scratch.directory.appendingPathComponent("b-broken.so"))
        let registry = Registry()
        let results = try PluginLoader(registry: registry).load(directory: scratch.directory.path)
        #expect(results.count == 3)
        #expect((try? results[0].get())?.manifest.name == "Greeter")
        #expect(throws: PluginLoadError.self) { try results[1].get() }
        #expect((try? results[2].get())?.manifest.name == "Probe")
        #expect(registry.snapshot.plugins.map(\.manifest.name) == ["Greeter", "Probe"])
    }

    @Test func loadingFilesTogetherEndsAsLoadingThemOneByOne() throws {
        let scratch = try Scratch()
        let text = scratch.directory.appendingPathComponent("e-text.so")
        try Data("not a plugin".utf8).write(to: text)
        let paths = [
            try scratch.copy(BuildProducts.greeter, as: "a-greeter.so"),
            scratch.directory.appendingPathComponent("b-missing.so").path,
            try scratch.copy(BuildProducts.probe, as: "c-probe.so"),
            try scratch.copy(BuildProducts.greeter, as: "d-greeter-again.so"),
            text.path,
        ]
        func outcome(_ result: Result<LoadedPlugin, PluginLoadError>) -> String {
            switch result {
            case .success(let plugin): "loaded \(plugin.manifest.name) from \(plugin.path)"
            case .failure(let error): error.description
            }
        }
        // Together first, so that its files are opened for the first time ahead of registration.
        let together = Registry()
        var reported: [String] = []
        var visibleWhileLoading: [Int] = []
        let results = PluginLoader(registry: together).load(files: paths) { path, result in
            reported.append("\(path): \(outcome(result))")
            visibleWhileLoading.append(together.snapshot.plugins.count)
        }
        // Staged, then published together: lookups see none of them until the call returns.
        #expect(visibleWhileLoading == [0, 0, 0, 0, 0])
        let oneByOne = Registry()
        let loader = PluginLoader(registry: oneByOne)
        let expected = paths.map { path in Result { () throws(PluginLoadError) in try loader.load(file: path) } }

        #expect(results.map(outcome) == expected.map(outcome))
        #expect(reported == zip(paths, expected).map { "\($0): \(outcome($1))" })
        #expect(results.map { (try? $0.get())?.manifest.name } == ["Greeter", nil, "Probe", nil, nil])
        #expect(together.snapshot.plugins == oneByOne.snapshot.plugins)
        #expect(together.snapshot.modules.map(\.owner) == oneByOne.snapshot.modules.map(\.owner))
        #expect(together.snapshot.routes.map(\.owner) == oneByOne.snapshot.routes.map(\.owner))
        #expect(together.snapshot.tasks.map(\.name) == oneByOne.snapshot.tasks.map(\.name))
    }

    @Test func loadingNoFilesReportsNothingAndChangesNothing() {
        let registry = Registry()
        var reported = 0
        let results = PluginLoader(registry: registry).load(files: []) { _, _ in reported += 1 }
        #expect(results.isEmpty)
        #expect(reported == 0)
        #expect(registry.snapshot.plugins.isEmpty)
        #expect(registry.snapshot.modules.isEmpty)
    }

    @Test func anAllowlistRefusesOtherPlugins() throws {
        let registry = Registry()
        let loader = PluginLoader(registry: registry, policy: LoadPolicy(allowlist: ["Probe"]))
        let error = #expect(throws: PluginLoadError.self) { try loader.load(file: BuildProducts.greeter) }
        #expect(error?.description.hasSuffix("plugin 'Greeter' is not on this host's allowlist (Probe)") == true)
        try loader.load(file: BuildProducts.probe)
        #expect(registry.snapshot.plugins.map(\.manifest.name) == ["Probe"])
    }

    @Test func theEntrySymbolListsModulesWhenMetadataCannotBeRead() throws {
        let registry = Registry()
        let loader = PluginLoader(registry: registry, discovery: .entrySymbol)
        let plugin = try loader.load(file: BuildProducts.probe)
        #expect(plugin.manifest.name == "Probe")
        #expect(registry.snapshot.modules.map(\.name) == ["ProbePlugin.ProbeModule"])
        #expect(registry.snapshot.routes.map(\.pattern.description) == ["app://probe/identity"])

        let error = #expect(throws: PluginLoadError.self) { try loader.load(file: BuildProducts.greeter) }
        guard case .unknownMetadataLayout = error else {
            Issue.record("unexpected \(String(describing: error))")
            return
        }
        #expect(error?.description.contains("plugboard_plugin_entry") == true)
        #expect(registry.snapshot.plugins.map(\.manifest.name) == ["Probe"])
    }
}

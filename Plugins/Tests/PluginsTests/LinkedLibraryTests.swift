import Foundation
import Plugboard
import Testing

/// A plugin may link another plugin's library — the blog imports the account's module — only when
/// it declares that plugin and the plugin was loaded, checked, before it: the dynamic linker then
/// binds the link to that image, through its soname. Anything else is refused before `dlopen`.
///
/// A soname names one image in the whole process: the first mapped binds every later link to it.
/// So these tests map no copy of the account's library, only the bundled one, which every test of
/// this process that loads the account shares (a file with the inode of a mapped image maps to
/// that image).
struct LinkedLibraryTests {
    /// The probe, made to link the account's library where it links libswiftSwiftOnoneSupport.so
    /// (the process has that one loaded already), copied into `scratch`.
    private func probeLinkingTheAccount(in scratch: Scratch) throws -> String {
        let original = "libswiftSwiftOnoneSupport.so"
        let replacement = "libAccountPlugin.so" + String(repeating: "\0", count: original.utf8.count - 19)
        return try scratch.patchedCopy(
            BuildProducts.probe, as: "libLinkingProbePlugin.so", replacing: original, with: replacement)
    }

    @Test func aPluginLinkingALibraryBesideItThatNoLoadedPluginProvidesIsRefusedBeforeItIsMapped() throws {
        let scratch = try Scratch()
        let probe = try probeLinkingTheAccount(in: scratch)
        let loader = PluginLoader(registry: Registry())
        _ = try scratch.copy(BuildProducts.path("libAccountPlugin.so"), as: "libAccountPlugin.so")
        let error = #expect(throws: PluginLoadError.self) { try loader.load(file: probe) }
        guard case .linksUnloadedLibrary(let path, let library) = error else {
            Issue.record("unexpected \(String(describing: error))")
            return
        }
        #expect(path == probe && library == "libAccountPlugin.so")
        #expect(
            error?.description.contains(
                "links libAccountPlugin.so, which is not the library of a plugin loaded before it") == true)
        #expect(error?.description.contains(#"[.unsafeFlags(["-Xlinker", "-soname=libAccountPlugin.so"])]"#) == true)
        #expect(loader.registry.snapshot.plugins.isEmpty)
    }

    /// The bundled account, then the probe linking it, read as declaring `dependencies`, loaded
    /// into a registry of their own: the loader and the results.
    private func loadAccountThenProbe(
        declaring dependencies: [PluginDependency], in scratch: Scratch
    ) throws -> (PluginLoader, probe: String, [Result<LoadedPlugin, PluginLoadError>]) {
        let account = try BuildProducts.path("libAccountPlugin.so")
        let probe = try probeLinkingTheAccount(in: scratch)
        let loader = PluginLoader(registry: Registry())
        let results = loader.load(resolved: [
            PluginCandidate(path: account, name: "Account", version: "1.0.0"),
            PluginCandidate(path: probe, name: "Probe", version: "0.0.1", dependencies: dependencies),
        ])
        return (loader, probe, results)
    }

    @Test func aPluginLinkingAPluginItDoesNotDeclareIsRefusedBeforeItIsMapped() throws {
        let (loader, probe, results) = try loadAccountThenProbe(declaring: [], in: try Scratch())
        #expect((try? results[0].get())?.soname == "libAccountPlugin.so")
        guard case .failure(.undeclaredLinkedPlugin(let path, let library, let plugin)) = results[1] else {
            Issue.record("unexpected \(results[1])")
            return
        }
        #expect(path == probe && library == "libAccountPlugin.so" && plugin == "Account")
        #expect(
            PluginLoadError.undeclaredLinkedPlugin(path: path, library: library, plugin: plugin).description.contains(
                #"without declaring it; add .plugin("Account", from: "<the version it was built against>")"#))
        #expect(loader.registry.snapshot.plugins.map(\.manifest.name) == ["Account"])
    }

    @Test func aPluginThatDeclaresOnceMappedOtherThanWhatWasReadOfItIsRefused() throws {
        // Read as declaring the account (as a file replaced after it was read would be); the probe
        // mapped declares nothing.
        let (loader, probe, results) = try loadAccountThenProbe(
            declaring: [.plugin("Account", from: "1.0.0")], in: try Scratch())
        guard case .failure(let error) = results[1],
            case .changedWhileLoading(probe, "Probe 0.0.1", "Probe 0.0.1") = error
        else {
            Issue.record("unexpected \(results[1])")
            return
        }
        #expect(error.description.contains("changed while it was being loaded"))
        #expect(loader.registry.snapshot.plugins.map(\.manifest.name) == ["Account"])
    }

    @Test func theBlogLoadsOnlyAfterTheAccountItLinks() throws {
        let (account, blog) = (
            try BuildProducts.path("libAccountPlugin.so"), try BuildProducts.path("libBlogPlugin.so")
        )
        // The blog alone, with the account beside it but not loaded: refused.
        let lonely = PluginLoader(registry: Registry())
        let error = #expect(throws: PluginLoadError.self) { try lonely.load(file: blog) }
        guard case .linksUnloadedLibrary(blog, "libAccountPlugin.so") = error else {
            Issue.record("unexpected \(String(describing: error))")
            return
        }
        #expect(lonely.registry.snapshot.plugins.isEmpty)
        // The account first: the blog loads, bound to the image the loader mapped.
        let registry = Registry()
        let results = PluginLoader(registry: registry).load(files: [account, blog])
        #expect(results.map { (try? $0.get())?.manifest.name } == ["Account", "Blog"])
        #expect(registry.snapshot.routes.contains { $0.pattern.description == "app://blog/articles/:id(int)/comment" })
        // In a later call, the account loaded before still counts.
        let later = Registry()
        _ = try PluginLoader(registry: later).load(file: account)
        #expect(try PluginLoader(registry: later).load(file: blog).manifest.name == "Blog")
    }

    @Test func theFilesAPluginLinksAreFoundBesideItDependenciesFirst() throws {
        let scratch = try Scratch()
        let blog = try scratch.copy(BuildProducts.path("libBlogPlugin.so"), as: "libBlogPlugin.so")
        #expect(PluginLoader.linkedFiles(of: blog) == [])
        let account = try scratch.copy(BuildProducts.path("libAccountPlugin.so"), as: "libAccountPlugin.so")
        #expect(PluginLoader.linkedFiles(of: blog) == [account])
        #expect(PluginLoader.linkedFiles(of: account) == [])
    }

    // The host, in a process of its own: copies of the account may be mapped there.

    @Test func theHostRefusesAPluginLinkingAPluginItDoesNotDeclareAndLoadsTheRest() async throws {
        let scratch = try Scratch()
        _ = try scratch.copy(BuildProducts.path("libAccountPlugin.so"), as: "libAccountPlugin.so")
        let probe = try probeLinkingTheAccount(in: scratch)
        let run = try await HostProcess.run(["list", "--plugins", scratch.directory.path])
        #expect(run.status == 1)
        #expect(run.standardError.contains("  ✓ Account 1.0.0  (1 module)\n"), "\(run.standardError)")
        #expect(
            run.standardError.contains(
                "error: \(probe): links libAccountPlugin.so, the library of plugin Account, without declaring it"))
        // Declared, it loads, bound to the account the host loaded first.
        let declared = try await HostProcess.run(
            ["list", "--plugins", scratch.directory.path],
            environment: ["PLUGBOARD_PROBE_DEPENDENCIES": "Account >=1.0.0 <2.0.0"])
        #expect(declared.status == 0, "\(declared.standardError)")
        #expect(declared.standardError.contains("  ✓ Account 1.0.0  (1 module)\n  ✓ Probe 0.0.1  (1 module)\n"))
    }

    @Test func theHostRefusesAPluginLinkingALibraryThatNoInstalledPluginProvides() async throws {
        let scratch = try Scratch()
        let probe = try probeLinkingTheAccount(in: scratch)
        let run = try await HostProcess.run(["list", "--plugins", scratch.directory.path])
        #expect(run.status == 1)
        #expect(
            run.standardError.contains(
                "error: \(probe): links libAccountPlugin.so, which is not the library of a plugin loaded before it"),
            "\(run.standardError)")
    }

    /// The dynamic linker never finds a library beside a plugin mapped through a descriptor, but it
    /// looks in LD_LIBRARY_PATH: a refused copy of the account there must not be what the probe
    /// binds to. The check before `dlopen` refuses the probe; without it the probe would load.
    @Test func aLibraryBesideAPluginIsNotLoadedUncheckedFromTheSearchPath() async throws {
        let scratch = try Scratch()
        let account = try scratch.copy(BuildProducts.path("libAccountPlugin.so"), as: "libAccountPlugin.so")
        #expect(chmod(account, 0o666) == 0)
        let probe = try probeLinkingTheAccount(in: scratch)
        let run = try await HostProcess.run(
            ["list", "--plugins", scratch.directory.path, "--eager"],
            environment: ["LD_LIBRARY_PATH": scratch.directory.path])
        #expect(run.status == 1)
        #expect(run.standardError.contains("\(account): refused: the file"), "\(run.standardError)")
        #expect(
            run.standardError.contains(
                "\(probe): links libAccountPlugin.so, which is not the library of a plugin loaded before it"),
            "\(run.standardError)")
        #expect(!run.standardError.contains("✓ Probe"))
    }

    @Test func verifyLoadsEachPluginAfterThePluginsItLinks() async throws {
        let scratch = try Scratch()
        _ = try scratch.copy(BuildProducts.path("libAccountPlugin.so"), as: "libAccountPlugin.so")
        _ = try scratch.copy(BuildProducts.path("libBlogPlugin.so"), as: "libBlogPlugin.so")
        let run = try await HostProcess.run(["verify", scratch.directory.path])
        #expect(run.status == 0, "\(run.standardOutput)")
        #expect(run.standardOutput.contains("  ✓ libBlogPlugin.so: loads: Blog 1.0.0, 1 module\n"))
        #expect(run.standardOutput.contains("  ✓ the 2 that load alone load together\n"))
    }
}

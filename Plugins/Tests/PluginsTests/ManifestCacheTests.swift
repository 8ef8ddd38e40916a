import Foundation
import Plugboard
import Testing

/// What the host read of the plugin files in a directory is kept per user, in an index keyed by each
/// file's identity: later starts read it from there, without opening the files or, for an unsealed
/// one, reading it in a child process, and a changed file is read again.
struct ManifestCacheTests {
    /// `resolve` over a copy of the probe named `name` (the name its manifest takes from the
    /// environment), with the cache in `cache`: the names resolution saw.
    private func resolve(_ directory: URL, name: String, cache: URL) async throws -> String {
        let run = try await HostProcess.run(
            ["resolve", directory.path],
            environment: ["PLUGBOARD_PROBE_NAME": name, "PLUGBOARD_MANIFEST_CACHE": cache.path])
        try #require(run.status == 0, "\(run.standardError)")
        return run.standardOutput
    }

    /// A scratch directory with a `plugins` directory, empty, and the place of a `cache`.
    private func directories() throws -> (scratch: Scratch, plugins: URL, cache: URL) {
        let scratch = try Scratch()
        let plugins = scratch.directory.appendingPathComponent("plugins")
        try FileManager.default.createDirectory(at: plugins, withIntermediateDirectories: false)
        return (scratch, plugins, scratch.directory.appendingPathComponent("cache"))
    }

    @Test func aLaterStartReadsTheCacheAndAChangedFileIsReadAgain() async throws {
        let (scratch, plugins, cache) = try directories()
        let probe = try scratch.copy(BuildProducts.probe, as: "plugins/libProbePlugin.so")
        #expect(try await resolve(plugins, name: "First", cache: cache).contains("1. First 0.0.1"))
        let written = try FileManager.default.contentsOfDirectory(atPath: cache.path)
        try #require(written.count == 1)
        let index = try #require(FileIdentity(fileAt: cache.appendingPathComponent(written[0]).path))
        // The file is as it was: its declarations come from the cache, not from a child process,
        // which would now name it Second, and the index, unchanged, is not written again.
        #expect(try await resolve(plugins, name: "Second", cache: cache).contains("1. First 0.0.1"))
        #expect(FileIdentity(fileAt: cache.appendingPathComponent(written[0]).path) == index)
        // Its change time moves: the entry is stale, and the file is read again.
        #expect(chmod(probe, 0o755) == 0)
        #expect(try await resolve(plugins, name: "Third", cache: cache).contains("1. Third 0.0.1"))
        // An entry that does not read is never trusted, and is written again.
        let entries = try FileManager.default.contentsOfDirectory(atPath: cache.path)
        try #require(entries.count == 1)
        try Data("{ broken".utf8).write(to: cache.appendingPathComponent(entries[0]))
        #expect(try await resolve(plugins, name: "Fourth", cache: cache).contains("1. Fourth 0.0.1"))
        #expect(try await resolve(plugins, name: "Fifth", cache: cache).contains("1. Fourth 0.0.1"))
    }

    @Test func aLineReadByAnotherRuntimeBuildIsReadAgainAndWrittenForThisOne() async throws {
        let (scratch, plugins, cache) = try directories()
        _ = try scratch.copy(BuildProducts.probe, as: "plugins/libProbePlugin.so")
        #expect(try await resolve(plugins, name: "First", cache: cache).contains("1. First 0.0.1"))
        let entries = try FileManager.default.contentsOfDirectory(atPath: cache.path)
        try #require(entries.count == 1)
        let index = cache.appendingPathComponent(entries[0])
        let text = try String(contentsOf: index, encoding: .utf8)
        let build = try #require(text.firstRange(of: #/"runtimeVersion":"[^"]*"/#))
        try text.replacingCharacters(in: build, with: #""runtimeVersion":"0.0.1+another""#)
            .write(to: index, atomically: false, encoding: .utf8)
        // The line was read by another build: the file is read again, in a child process...
        #expect(try await resolve(plugins, name: "Second", cache: cache).contains("1. Second 0.0.1"))
        // ...and its line is this build's from then on.
        #expect(try await resolve(plugins, name: "Third", cache: cache).contains("1. Second 0.0.1"))
    }

    @Test func aSealedFileThatTheIndexKnowsIsNotOpenedAtStart() async throws {
        let (scratch, plugins, cache) = try directories()
        let probe = try scratch.copy(BuildProducts.probe, as: "plugins/libProbePlugin.so")
        let seal = try await HostProcess.run(["seal", probe], environment: ["PLUGBOARD_PROBE_NAME": "Sealed"])
        try #require(seal.status == 0, "\(seal.standardError)")
        #expect(try await resolve(plugins, name: "Unused", cache: cache).contains("1. Sealed 0.0.1"))
        // The index's line stands for the file while the file keeps its identity: what it says
        // is what the host sees, although the file says otherwise.
        let entries = try FileManager.default.contentsOfDirectory(atPath: cache.path)
        try #require(entries.count == 1)
        let index = cache.appendingPathComponent(entries[0])
        let text = try String(contentsOf: index, encoding: .utf8)
        try #require(text.contains(#""name":"Sealed""#))
        try text.replacingOccurrences(of: #""name":"Sealed""#, with: #""name":"Indexed""#)
            .write(to: index, atomically: false, encoding: .utf8)
        #expect(try await resolve(plugins, name: "Unused", cache: cache).contains("1. Indexed 0.0.1"))
        // Its change time moves: the file is opened and read again, and the index written anew.
        #expect(chmod(probe, 0o755) == 0)
        #expect(try await resolve(plugins, name: "Unused", cache: cache).contains("1. Sealed 0.0.1"))
        #expect(try String(contentsOf: index, encoding: .utf8).contains(#""name":"Sealed""#))
        // A file the index knows is still checked for what its directory lets others do.
        #expect(chmod(plugins.path, 0o777) == 0)
        defer { chmod(plugins.path, 0o755) }
        let insecure = try await HostProcess.run(
            ["resolve", plugins.path], environment: ["PLUGBOARD_MANIFEST_CACHE": cache.path])
        #expect(
            insecure.standardOutput.contains("is writable by group and others (mode 777)"), "\(insecure.standardOutput)"
        )
    }

    @Test func aFileReadAgainAloneKeepsTheLinesOfTheOtherFilesOfItsDirectory() async throws {
        let (scratch, plugins, cache) = try directories()
        let probe = try scratch.copy(BuildProducts.probe, as: "plugins/libProbePlugin.so")
        _ = try scratch.copy(BuildProducts.greeter, as: "plugins/libGreeterPlugin.so")
        let host = try RunningHost(
            ["run", "--watch", "--plugins", plugins.path, "--open", "app://greeter/hello"],
            environment: ["PLUGBOARD_PROBE_LAZY": "1", "PLUGBOARD_MANIFEST_CACHE": cache.path], timeLimit: 60)
        host.read(until: "Stack: Greeting\n")
        // A new build of the declared probe: the host reads that one file again.
        let patched = try scratch.patchedCopy(
            BuildProducts.probe, as: "patched.bin", replacing: "End the process", with: "End the program")
        #expect(rename(patched, probe) == 0)
        host.read(until: "declared Probe 0.0.1 anew in ")
        let (status, _, problems) = try host.finish()
        #expect(status == 0, "\(problems)")
        let entries = try FileManager.default.contentsOfDirectory(atPath: cache.path)
        try #require(entries.count == 1)
        let index = cache.appendingPathComponent(entries[0])
        func files() throws -> [Substring] {
            try String(contentsOf: index, encoding: .utf8).split(separator: "\n").dropFirst()
                .map { $0.prefix { $0 != "\t" } }
        }
        #expect(try files() == ["libGreeterPlugin.so", "libProbePlugin.so"])
        // A file removed loses its line when the index is next written.
        try FileManager.default.removeItem(atPath: plugins.appendingPathComponent("libGreeterPlugin.so").path)
        #expect(chmod(probe, 0o755) == 0)
        _ = try await resolve(plugins, name: "Probe", cache: cache)
        #expect(try files() == ["libProbePlugin.so"])
    }

    @Test func aPluginWhoseContentIsNotWhatItsCachedDeclarationsWereReadFromIsRefusedWhenItActivates() async throws {
        let (scratch, plugins, cache) = try directories()
        _ = try scratch.copy(BuildProducts.probe, as: "plugins/libProbePlugin.so")
        let environment = ["PLUGBOARD_PROBE_LAZY": "1", "PLUGBOARD_MANIFEST_CACHE": cache.path]
        let arguments = ["run", "--plugins", plugins.path, "--open", "app://probe/identity"]
        let first = try await HostProcess.run(arguments, input: "quit\n", environment: environment)
        #expect(first.status == 0, "\(first.standardError)")
        #expect(first.standardOutput.contains("activated Probe 0.0.1 in "))
        // The entry, as if the file had been rewritten in place after its declarations were read:
        // the digest it holds is not the file's.
        let entries = try FileManager.default.contentsOfDirectory(atPath: cache.path)
        try #require(entries.count == 1)
        let entry = cache.appendingPathComponent(entries[0])
        let text = try String(contentsOf: entry, encoding: .utf8)
        let digest = try #require(text.firstMatch(of: /fnv1a64:[0-9a-f]{16}/))
        try text.replacingOccurrences(of: String(digest.output), with: "fnv1a64:0000000000000000")
            .write(to: entry, atomically: false, encoding: .utf8)
        let second = try await HostProcess.run(arguments, input: "quit\n", environment: environment)
        #expect(second.status == 1)
        #expect(
            second.standardError.contains("its content changed since its declarations were read"),
            "\(second.standardError)")
    }

    @Test func aCacheDirectoryOthersMayWriteIsNotUsed() async throws {
        let (scratch, plugins, cache) = try directories()
        try FileManager.default.createDirectory(at: cache, withIntermediateDirectories: false)
        #expect(chmod(cache.path, 0o777) == 0)
        _ = try scratch.copy(BuildProducts.probe, as: "plugins/libProbePlugin.so")
        let run = try await HostProcess.run(
            ["resolve", plugins.path],
            environment: ["PLUGBOARD_PROBE_NAME": "First", "PLUGBOARD_MANIFEST_CACHE": cache.path])
        #expect(run.standardError.contains("may be written by others; it is not used"), "\(run.standardError)")
        #expect(try FileManager.default.contentsOfDirectory(atPath: cache.path).isEmpty)
        #expect(try await resolve(plugins, name: "Second", cache: cache).contains("1. Second 0.0.1"))
    }
}

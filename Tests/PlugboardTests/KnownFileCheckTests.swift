import Foundation
import Testing

@testable import Plugboard

/// A host that kept what it checked of a file, by the file's identity, starts without opening it:
/// what it kept stands for the file while the file keeps that identity, and the checks that need
/// no reading still run.
struct KnownFileCheckTests {
    let files: BadFiles

    init() throws {
        files = try BadFiles()
    }

    /// A manifest of this runtime build, named `name`.
    private func manifest(named name: String, fingerprint: RuntimeFingerprint = .current) -> SealedManifest {
        SealedManifest(
            name: name, version: "1.0.0", runtimeVersion: fingerprint.runtimeVersion,
            toolchain: fingerprint.toolchain, architecture: "x86_64", modules: [], routes: ["app://kept"], tasks: [],
            dependencies: [])
    }

    @Test func aKnownFileIsNotReadAndAnUnknownOneIs() throws {
        // Not a shared object: read, it is refused; known, it is not opened.
        let path = try files.write("libKept.so", Data("not a plugin".utf8))
        let identity = try #require(FileIdentity(fileAt: path))
        var asked: [(Int, FileIdentity)] = []
        let known = PluginLoader().check(files: [path]) { position, seen in
            asked.append((position, seen))
            return seen == identity ? .sealed(manifest(named: "Kept")) : nil
        }
        #expect(asked.map(\.0) == [0])
        #expect(asked.map(\.1) == [identity])
        #expect(try known[0].get() == manifest(named: "Kept"))
        guard case .failure(.notASharedObject(path, _)) = PluginLoader().check(files: [path])[0] else {
            Issue.record("an unknown file is read and refused")
            return
        }
        // A known unsealed file is not opened either.
        #expect(try PluginLoader().check(files: [path]) { _, _ in .unsealed }[0].get() == nil)
    }

    @Test func aFileChangedSinceItWasKeptIsReadAgain() throws {
        let path = try files.write("libKept.so", Data("not a plugin".utf8))
        let identity = try #require(FileIdentity(fileAt: path))
        #expect(chmod(path, 0o600) == 0)
        #expect(FileIdentity(fileAt: path) != identity)
        let results = PluginLoader().check(files: [path]) { _, seen in
            seen == identity ? .sealed(manifest(named: "Kept")) : nil
        }
        guard case .failure(.notASharedObject) = results[0] else {
            Issue.record("a file whose change time moved is read: \(results[0])")
            return
        }
    }

    @Test func aFileReplacedOrRewrittenWithTheSameSizeAndModificationTimeHasAnotherIdentity() throws {
        let path = try files.write("libKept.so", Data("first build.".utf8))
        var kept = stat()
        try #require(stat(path, &kept) == 0)
        let identity = try #require(FileIdentity(fileAt: path))
        let sameTimes = [kept.st_atim, kept.st_mtim]
        // Another file of the same size, given the same modification time, renamed over it.
        let other = try files.write("libOther.so", Data("other build.".utf8))
        #expect(utimensat(AT_FDCWD, other, sameTimes, 0) == 0)
        #expect(rename(other, path) == 0)
        #expect(FileIdentity(fileAt: path) != identity)
        // The file rewritten in place, the same size, its modification time put back: its change
        // time moves (once the kernel's clock, which may advance by ticks of a few milliseconds,
        // has moved past the rename's).
        let replaced = try #require(FileIdentity(fileAt: path))
        var before = stat()
        try #require(stat(path, &before) == 0)
        usleep(20_000)
        let handle = try FileHandle(forWritingTo: URL(fileURLWithPath: path))
        try handle.write(contentsOf: Data("third build.".utf8))
        try handle.close()
        #expect(utimensat(AT_FDCWD, path, sameTimes, 0) == 0)
        var after = stat()
        try #require(stat(path, &after) == 0)
        #expect(after.st_ino == before.st_ino && after.st_size == before.st_size)
        #expect(after.st_mtim.tv_sec == kept.st_mtim.tv_sec && after.st_mtim.tv_nsec == kept.st_mtim.tv_nsec)
        #expect(FileIdentity(fileAt: path) != replaced)
    }

    @Test func aKnownFileIsStillCheckedForItsPermissionsItsBuildAndTheAllowlist() throws {
        let path = try files.write("libKept.so", Data("not a plugin".utf8))
        let other = RuntimeFingerprint(runtimeVersion: "plugboard-runtime 0.0.9", toolchain: "another")
        let ofAnotherBuild = PluginLoader().check(files: [path]) { _, _ in
            .sealed(manifest(named: "Kept", fingerprint: other))
        }
        guard case .failure(.fingerprintMismatch(path, _, _)) = ofAnotherBuild[0] else {
            Issue.record("a kept manifest of another runtime build is refused: \(ofAnotherBuild[0])")
            return
        }
        let notAllowed = PluginLoader(policy: LoadPolicy(allowlist: ["Other"])).check(files: [path]) { _, _ in
            .sealed(manifest(named: "Kept"))
        }
        guard case .failure(.notAllowed(path, "Kept", _)) = notAllowed[0] else {
            Issue.record("a kept manifest of a plugin the policy does not allow is refused: \(notAllowed[0])")
            return
        }
        #expect(chmod(files.directory.path, 0o777) == 0)
        defer { chmod(files.directory.path, 0o700) }
        let insecure = PluginLoader().check(files: [path]) { _, _ in .sealed(manifest(named: "Kept")) }
        guard case .failure(.insecurePermissions(path, _)) = insecure[0] else {
            Issue.record("a known file in a directory others may write is refused: \(insecure[0])")
            return
        }
    }

    @Test(arguments: [
        "", "1:2:3:4.5", "1:2:3:4.5:6", "1:2:3:4:5.6", "1:2:3:4.5:6.7:8", "a:2:3:4.5:6.7", "1:2:3:4.5:6.7 ",
        "1:2:-3:4.5:6.7", "18446744073709551616:2:3:4.5:6.7", "1:2:9223372036854775808:4.5:6.7", "1::3:4.5:6.7",
    ])
    func anIdentityIsReadOnlyFromItsOwnDescription(text: String) {
        #expect(FileIdentity(text) == nil)
    }

    @Test func anIdentityReadsBackFromItsDescription() throws {
        let path = try files.write("libKept.so", Data("not a plugin".utf8))
        let identity = try #require(FileIdentity(fileAt: path))
        #expect(FileIdentity(identity.description) == identity)
        #expect(FileIdentity("18446744073709551615:1:2:3.4:5.6")?.description == "18446744073709551615:1:2:3.4:5.6")
        #expect(FileIdentity(fileAt: files.directory.appendingPathComponent("missing").path) == nil)
    }
}

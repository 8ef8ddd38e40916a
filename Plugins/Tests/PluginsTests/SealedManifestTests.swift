import Foundation
import Plugboard
import Testing

/// Sealed manifests: written into the plugin file, read without loading it, checked before dlopen.
struct SealedManifestTests {
    /// A sealed copy of the greeter in a fresh directory, and the byte range of its manifest section.
    private func sealedGreeter() async throws -> (path: String, scratch: Scratch) {
        let scratch = try Scratch()
        let path = try scratch.copy(BuildProducts.greeter, as: "libGreeterPlugin.so")
        let run = try await HostProcess.run(["seal", path])
        try #require(run.status == 0, "\(run.standardError)")
        #expect(run.standardOutput.contains("sealed Greeter 1.0.0, 2 routes"))
        return (path, scratch)
    }

    /// Where `needle` occurs inside the manifest section's JSON (which `seal` writes with sorted
    /// keys, so it starts with `{"architecture"`) in `bytes`.
    private func range(of needle: String, inManifestOf bytes: [UInt8]) throws -> Range<Int> {
        let head = Array("{\"architecture\"".utf8)
        let pattern = Array(needle.utf8)
        let manifest = try #require((0...(bytes.count - head.count)).last { bytes[$0...].starts(with: head) })
        let start = try #require(
            (manifest...(bytes.count - pattern.count)).first { bytes[$0...].starts(with: pattern) })
        return start..<start + pattern.count
    }

    @Test func aSealedManifestIsReadWithoutLoadingThePlugin() async throws {
        let (path, _) = try await sealedGreeter()
        let sealed = try #require(try ManifestReader.read(fileAt: path))
        #expect(sealed.name == "Greeter")
        #expect(sealed.fingerprint == .current)
        #expect(sealed.modules == ["GreeterPlugin.GreeterModule"])
        #expect(sealed.routes == ["app://greeter/hello", "app://greeter/hello/:name"])
        #expect(sealed.tasks == ["greeter.prepare"])
        let inspect = try await HostProcess.run(["inspect", path])
        #expect(inspect.standardOutput.contains("  source       sealed manifest, read without loading the plugin\n"))
        let json = try await HostProcess.run(["inspect", path, "--json"])
        #expect(json.standardOutput.contains("\"sealed\" : true"), "\(json.standardOutput)")
        let registry = Registry()
        try PluginLoader(registry: registry).load(file: path)
        #expect(registry.snapshot.plugins.map(\.manifest.name) == ["Greeter"])
    }

    @Test func sealingThroughASymbolicLinkSealsTheFileAndKeepsTheLink() async throws {
        let scratch = try Scratch()
        let path = try scratch.copy(BuildProducts.greeter, as: "libGreeterPlugin.so")
        let link = scratch.directory.appendingPathComponent("libLinked.so").path
        try FileManager.default.createSymbolicLink(atPath: link, withDestinationPath: "libGreeterPlugin.so")
        let run = try await HostProcess.run(["seal", link])
        #expect(run.status == 0, "\(run.standardError)")
        #expect(run.standardOutput == "  ✓ \(link) (a link to \(path)): sealed Greeter 1.0.0, 2 routes\n")
        #expect(try FileManager.default.destinationOfSymbolicLink(atPath: link) == "libGreeterPlugin.so")
        #expect(try ManifestReader.read(fileAt: path)?.name == "Greeter")
    }

    @Test func aManifestFarBeforeTheSectionTableIsStillRead() async throws {
        // The reader takes the section table with the 4 KiB before it in one read; sections
        // further away are read on their own. Move the table 16 KiB further down the file.
        let (path, _) = try await sealedGreeter()
        let expected = try #require(try ManifestReader.read(fileAt: path))
        var bytes = [UInt8](try Data(contentsOf: URL(fileURLWithPath: path)))
        let tableOffset = bytes[40..<48].reversed().reduce(0) { $0 << 8 | Int($1) }
        let table = Array(bytes[tableOffset...])
        let sectionCount = Int(bytes[60]) | Int(bytes[61]) << 8
        try #require(table.count == sectionCount * 64, "the section table ends the file")
        bytes += [UInt8](repeating: 0, count: 16_384) + table
        let moved = tableOffset + table.count + 16_384
        bytes.replaceSubrange(40..<48, with: (0..<8).map { UInt8(truncatingIfNeeded: moved >> (8 * $0)) })
        #expect(try ManifestReader.read(Data(bytes)) == expected)
        try Data(bytes).write(to: URL(fileURLWithPath: path))
        #expect(try ManifestReader.read(fileAt: path) == expected)
    }

    @Test func aSealedFingerprintMismatchIsRefusedBeforeLoading() async throws {
        let (path, _) = try await sealedGreeter()
        var bytes = [UInt8](try Data(contentsOf: URL(fileURLWithPath: path)))
        let version = try range(of: "plugboard-runtime 0.1.0", inManifestOf: bytes)
        bytes.replaceSubrange(version, with: Array("plugboard-runtime 9.9.9".utf8))
        try Data(bytes).write(to: URL(fileURLWithPath: path))
        // The plugin's code still carries 0.1.0: only a check of the sealed manifest, made before
        // dlopen, can refuse it.
        let registry = Registry()
        let error = #expect(throws: PluginLoadError.self) { try PluginLoader(registry: registry).load(file: path) }
        guard case .fingerprintMismatch(_, let plugin, let host) = error else {
            Issue.record("unexpected \(String(describing: error))")
            return
        }
        #expect(plugin.runtimeVersion.hasPrefix("plugboard-runtime 9.9.9+src."))
        #expect(host == .current)
        #expect(registry.snapshot.plugins.isEmpty)
    }

    @Test func aCorruptedSealedManifestIsRefused() async throws {
        let (path, _) = try await sealedGreeter()
        var bytes = [UInt8](try Data(contentsOf: URL(fileURLWithPath: path)))
        let name = try range(of: "\"name\"", inManifestOf: bytes)
        bytes.replaceSubrange(name, with: Array("#!@$%^".utf8))
        try Data(bytes).write(to: URL(fileURLWithPath: path))
        let error = #expect(throws: PluginLoadError.self) { try PluginLoader(registry: Registry()).load(file: path) }
        guard case .corruptManifest(_, let reason) = error else {
            Issue.record("unexpected \(String(describing: error))")
            return
        }
        #expect(reason.hasPrefix("the sealed manifest is not valid"))
    }

    @Test func aSealedManifestWithAControlCharacterIsRefusedAndNeverPrinted() async throws {
        let (path, _) = try await sealedGreeter()
        var bytes = [UInt8](try Data(contentsOf: URL(fileURLWithPath: path)))
        let version = try range(of: "plugboard-runtime 0.1.0", inManifestOf: bytes)
        // As long as the original, so that the section keeps its size: an escape that clears a terminal.
        bytes.replaceSubrange(version, with: Array(#"plugboar\u001b[2J 0.1.0"#.utf8))
        try Data(bytes).write(to: URL(fileURLWithPath: path))
        let run = try await HostProcess.run(["inspect", path])
        #expect(run.status == 1)
        #expect(run.standardError.contains("the sealed manifest is not valid: a control character in a string"))
        #expect(!(run.standardOutput + run.standardError).unicodeScalars.contains("\u{1B}"))
        let error = #expect(throws: PluginLoadError.self) { try PluginLoader(registry: Registry()).load(file: path) }
        guard case .corruptManifest = error else {
            Issue.record("unexpected \(String(describing: error))")
            return
        }
    }

    @Test func sealSaysForEachFileWhyItCannotBeSealedAndSealsTheRest() async throws {
        let scratch = try Scratch()
        let junk = scratch.directory.appendingPathComponent("libJunk.so").path
        try Data("junk".utf8).write(to: URL(fileURLWithPath: junk))
        let greeter = try scratch.copy(BuildProducts.greeter, as: "libGreeterPlugin.so")
        let missing = scratch.directory.appendingPathComponent("libMissing.so").path
        let run = try await HostProcess.run(["seal", scratch.directory.path, junk, missing, greeter])
        #expect(run.status == 1)
        #expect(run.standardOutput == "  ✓ \(greeter): sealed Greeter 1.0.0, 2 routes\n")
        let errors = run.standardError.split(separator: "\n").map(String.init)
        #expect(
            errors == [
                "error: \(scratch.directory.path): is a directory, not a plugin file; pass a .so file, or load the "
                    + "directory's plugins",
                "error: \(junk): not a loadable shared object: not an ELF file (4 bytes, no ELF signature); rebuild the "
                    + "plugin as a .dynamic library product",
                "error: \(missing): no such file; check the path (a symbolic link must point to an existing file)",
            ])
        #expect(try ManifestReader.read(fileAt: greeter)?.name == "Greeter")
    }

    @Test func sealSaysWhyTheSectionCouldNotBeWritten() async throws {
        let scratch = try Scratch()
        let greeter = try scratch.copy(BuildProducts.greeter, as: "libGreeterPlugin.so")
        let before = try Data(contentsOf: URL(fileURLWithPath: greeter))
        // Without the toolchain's tools on PATH.
        let missing = try await HostProcess.run(["seal", greeter], environment: ["PATH": scratch.directory.path])
        #expect(missing.status == 1)
        #expect(
            missing.standardError == "error: \(greeter): llvm-objcopy, which writes the section, is not on PATH; put "
                + "the Swift toolchain's usr/bin on PATH\n")
        // With a stand-in llvm-objcopy that fails as the real one does on a read-only file system.
        let tool = scratch.directory.appendingPathComponent("llvm-objcopy")
        let script = """
            #!/bin/sh
            for file; do :; done
            echo "llvm-objcopy: error: '$file': Read-only file system" >&2
            exit 1
            """
        try script.write(to: tool, atomically: true, encoding: .utf8)
        #expect(chmod(tool.path, 0o755) == 0)
        let failing = try await HostProcess.run(
            ["seal", greeter], environment: ["PATH": scratch.directory.path + ":/usr/bin:/bin"])
        #expect(failing.status == 1)
        #expect(
            failing.standardError == "error: \(greeter): llvm-objcopy could not write the section: llvm-objcopy: "
                + "error: '\(greeter)': Read-only file system\n")
        #expect(try Data(contentsOf: URL(fileURLWithPath: greeter)) == before)
    }

    @Test func aTruncatedPluginIsRefused() throws {
        let scratch = try Scratch()
        let bytes = try Data(contentsOf: URL(fileURLWithPath: BuildProducts.greeter))
        let path = scratch.directory.appendingPathComponent("libTruncated.so")
        try bytes.prefix(bytes.count * 2 / 3).write(to: path)
        let error = #expect(throws: PluginLoadError.self) {
            try PluginLoader(registry: Registry()).load(file: path.path)
        }
        guard case .notASharedObject(_, let reason) = error else {
            Issue.record("unexpected \(String(describing: error))")
            return
        }
        #expect(reason.hasPrefix("truncated: "))
    }

    /// 20,000 mutations of a sealed plugin's headers and manifest: the reader always answers.
    @Test func mutatedManifestBytesNeverCrashTheReader() async throws {
        let (path, _) = try await sealedGreeter()
        let original = [UInt8](try Data(contentsOf: URL(fileURLWithPath: path)))
        let manifest = try range(of: "{\"", inManifestOf: original)
        let manifestEnd = try #require(original[manifest.lowerBound...].firstIndex(of: UInt8(ascii: "}")))
        let interesting = Array(0..<64) + Array(manifest.lowerBound...manifestEnd)
        var generator = SystemRandomNumberGenerator()
        var readable = 0
        var refused = 0
        var bytes = original
        for _ in 0..<20_000 {
            for _ in 0..<Int.random(in: 1...3, using: &generator) {
                bytes[interesting.randomElement(using: &generator)!] = UInt8.random(in: 0...255, using: &generator)
            }
            do {
                if try ManifestReader.read(Data(bytes)) != nil { readable += 1 }
            } catch {
                refused += 1
            }
            for index in interesting { bytes[index] = original[index] }
        }
        #expect(readable + refused > 0)
        #expect(refused > 0)
    }
}

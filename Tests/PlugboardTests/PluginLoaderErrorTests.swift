import Foundation
import Plugboard
import Testing

/// The loader refuses real bad files with a typed error naming the file, and registers nothing.
struct PluginLoaderErrorTests {
    let files: BadFiles
    let registry = Registry()
    var loader: PluginLoader { PluginLoader(registry: registry) }

    init() throws {
        files = try BadFiles()
    }

    private func expectRefusal(
        _ path: String,
        sourceLocation: SourceLocation = #_sourceLocation
    ) -> PluginLoadError? {
        let error = #expect(throws: PluginLoadError.self, sourceLocation: sourceLocation) {
            try loader.load(file: path)
        }
        #expect(error?.path == path, sourceLocation: sourceLocation)
        #expect(error?.description.hasPrefix(path + ": ") == true, sourceLocation: sourceLocation)
        #expect(registry.snapshot.modules.isEmpty, sourceLocation: sourceLocation)
        #expect(registry.snapshot.plugins.isEmpty, sourceLocation: sourceLocation)
        return error
    }

    @Test func aMissingFile() {
        let path = files.directory.appendingPathComponent("libNothing.so").path
        guard case .fileNotFound = expectRefusal(path) else {
            Issue.record("wrong error")
            return
        }
    }

    @Test func aDirectory() throws {
        let path = files.directory.appendingPathComponent("libFolder.so").path
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        guard case .notAFile(_, let kind) = expectRefusal(path) else {
            Issue.record("wrong error")
            return
        }
        #expect(kind == "directory")
    }

    @Test func anEmptyFile() throws {
        let path = try files.write("libEmpty.so", Data())
        guard case .notASharedObject(_, let reason) = expectRefusal(path) else {
            Issue.record("wrong error")
            return
        }
        #expect(reason == "the file is empty")
    }

    @Test func aTextFile() throws {
        let path = try files.write("libText.so", Data(String(repeating: "not a plugin\n", count: 20).utf8))
        guard case .notASharedObject(_, let reason) = expectRefusal(path) else {
            Issue.record("wrong error")
            return
        }
        #expect(reason == "not an ELF file (260 bytes, no ELF signature)")
    }

    @Test func randomBytesBehindAnELFSignature() throws {
        var generator = SystemRandomNumberGenerator()
        let bytes =
            [0x7F, 0x45, 0x4C, 0x46, 2, 1] + (0..<4096).map { _ in UInt8.random(in: 0...255, using: &generator) }
        let path = try files.write("libRandom.so", Data(bytes))
        guard case .notASharedObject = expectRefusal(path) else {
            Issue.record("wrong error")
            return
        }
    }

    @Test func aTruncatedSharedObject() throws {
        let library = try Data(contentsOf: URL(fileURLWithPath: BadFiles.systemLibrary(named: "libswiftCore.so")))
        let path = try files.write("libTruncated.so", library.prefix(library.count / 2))
        guard case .notASharedObject(_, let reason) = expectRefusal(path) else {
            Issue.record("wrong error")
            return
        }
        #expect(reason.hasPrefix("truncated: "))
    }

    @Test func aSharedObjectForAnotherMachine() throws {
        var library = try Data(contentsOf: URL(fileURLWithPath: BadFiles.systemLibrary(named: "libswiftCore.so")))
        library[18] = 0x28  // EM_ARM
        library[19] = 0
        let path = try files.write("libArm.so", library)
        guard case .notASharedObject(_, let reason) = expectRefusal(path) else {
            Issue.record("wrong error")
            return
        }
        #expect(reason.hasPrefix("built for ELF machine 40"))
    }

    @Test func aSystemLibraryWithoutSwiftMetadata() throws {
        let path = try BadFiles.systemLibrary(named: "libm.so")
        guard case .noManifest = expectRefusal(path) else {
            Issue.record("wrong error")
            return
        }
    }

    @Test func aSwiftLibraryWithoutAManifest() throws {
        let path = try BadFiles.systemLibrary(named: "libswiftCore.so")
        let error = expectRefusal(path)
        guard case .noManifest = error else {
            Issue.record("wrong error: \(String(describing: error))")
            return
        }
        #expect(error?.description.contains("declare one type conforming to `Plugin`") == true)
    }

    @Test func anExecutableIsRefusedByTheDynamicLoader() throws {
        let error = expectRefusal("/proc/self/exe")
        guard case .openFailed(_, let reason) = error else {
            Issue.record("wrong error: \(String(describing: error))")
            return
        }
        #expect(reason.contains("cannot dynamically load"))
    }

    @Test func aFileNameWithControlCharactersIsShownOnOneLineWithThemEscaped() throws {
        // A name that would forge a report line of its own and clear the screen, were it printed.
        let path = try files.write("libForged\n  ✓ Fake\u{1B}[2J.so", Data("x".utf8))
        chmod(path, 0o666)
        let shown = files.directory.path + "/libForged\\u{A}  ✓ Fake\\u{1B}[2J.so"
        #expect(PluginLoader.shown(path: path) == shown)
        let error = #expect(throws: PluginLoadError.self) { try loader.load(file: path) }
        #expect(error?.path == path)
        #expect(
            error?.description
                == "\(shown): refused: the file (\(shown)) is writable by group and others (mode 666); run chmod go-w "
                + "on it (LoadPolicy(checksPermissions: false) relaxes this for development)")
        #expect(PluginLoader.shown(path: files.directory.path) == files.directory.path)
    }

    @Test func theDynamicLoadersMessageIsShownOnOneLineToo() throws {
        let path = try files.write("libProgram\n.so", try Data(contentsOf: URL(fileURLWithPath: "/proc/self/exe")))
        let error = #expect(throws: PluginLoadError.self) { try loader.load(file: path) }
        guard case .openFailed(_, let reason) = error else {
            Issue.record("wrong error: \(String(describing: error))")
            return
        }
        #expect(reason.contains("libProgram\n.so"))
        #expect(error?.description.contains("\n") == false)
        #expect(error?.description.contains("libProgram\\u{A}.so: cannot dynamically load") == true)
    }

    @Test func aFileWhoseNameIsNotUTF8IsReportedAsSuchNotAsMissing() throws {
        // "lib", the byte 0xFF, "X.so": created through the C API, as no Swift string holds it.
        let name: [UInt8] = Array("lib".utf8) + [0xFF] + Array("X.so".utf8)
        let directory = Array(files.directory.path.utf8) + [UInt8(ascii: "/")]
        let descriptor = (directory + name + [0]).withUnsafeBufferPointer { bytes in
            bytes.withMemoryRebound(to: CChar.self) { open($0.baseAddress!, O_CREAT | O_WRONLY, 0o644) }
        }
        #expect(descriptor >= 0)
        close(descriptor)
        let results = try loader.load(directory: files.directory.path)
        let listed = files.directory.appendingPathComponent("lib\u{FFFD}X.so").path
        guard results.count == 1, case .failure(let error) = results[0], case .undecodableName(let path) = error else {
            Issue.record("wrong results: \(results)")
            return
        }
        #expect(path == listed)
        #expect(
            error.description
                == "\(listed): its name is not valid UTF-8 (each invalid byte is shown as �), so it cannot be opened "
                + "by this name; rename the file")
        // A missing file whose name does hold U+FFFD is missing, not undecodable.
        let missing = files.directory.appendingPathComponent("libOther\u{FFFD}.so").path
        guard case .fileNotFound = expectRefusal(missing) else {
            Issue.record("wrong error")
            return
        }
    }

    @Test func aDirectoryIsLoadedInNameOrderAndFailuresDoNotStopIt() throws {
        _ = try files.write("b.so", Data("b".utf8))
        _ = try files.write("a.so", Data("a".utf8))
        _ = try files.write("notes.txt", Data("ignored".utf8))
        _ = try files.write("libPlugboard.so", Data("the runtime library, never a plugin".utf8))
        let results = try loader.load(directory: files.directory.path)
        let paths = results.map { result in
            switch result {
            case .success(let plugin): plugin.path
            case .failure(let error): error.path
            }
        }
        #expect(paths == ["a.so", "b.so"].map { files.directory.appendingPathComponent($0).path })
    }

    @Test func aWorldWritableFileIsRefusedUnlessThePolicyIsRelaxed() throws {
        let path = try files.write("libWritable.so", Data("x".utf8))
        chmod(path, 0o666)
        guard case .insecurePermissions(_, let reason) = expectRefusal(path) else {
            Issue.record("wrong error")
            return
        }
        #expect(reason == "the file (\(path)) is writable by group and others (mode 666); run chmod go-w on it")
        let relaxed = PluginLoader(registry: registry, policy: LoadPolicy(checksPermissions: false))
        let error = #expect(throws: PluginLoadError.self) { try relaxed.load(file: path) }
        guard case .notASharedObject = error else {
            Issue.record("the relaxed policy still refused the permissions: \(String(describing: error))")
            return
        }
    }

    @Test func aGroupWritableDirectoryIsRefused() throws {
        let path = try files.write("libInside.so", Data("x".utf8))
        chmod(files.directory.path, 0o775)
        guard case .insecurePermissions(_, let reason) = expectRefusal(path) else {
            Issue.record("wrong error")
            return
        }
        #expect(reason.hasPrefix("its directory (\(files.directory.path)) is writable by group (mode 775)"))
    }

    @Test func aGroupWritableDirectoryRefusesEachOfItsFilesInOneCall() throws {
        let paths = try ["libFirst.so", "libSecond.so"].map { try files.write($0, Data("x".utf8)) }
        chmod(files.directory.path, 0o775)
        let results = loader.load(files: paths)
        chmod(files.directory.path, 0o755)
        let good = try files.write("libThird.so", Data("x".utf8))
        let reasons = (results + loader.load(files: [good])).map { result in
            guard case .failure(.insecurePermissions(_, let reason)) = result else { return String(describing: result) }
            return reason
        }
        #expect(reasons.count == 3)
        for reason in reasons.prefix(2) {
            #expect(reason.hasPrefix("its directory (\(files.directory.path)) is writable by group (mode 775)"))
        }
        // Each loading call checks the directory anew: once fixed, the next call finds it trusted.
        #expect(!reasons[2].contains("its directory"))
        #expect(registry.snapshot.plugins.isEmpty)
    }

    @Test(.enabled(if: getuid() == 0, "changing a file's owner needs root"))
    func aFileOwnedBySomeoneElseIsRefused() throws {
        let path = try files.write("libForeign.so", Data("x".utf8))
        chown(path, 65_534, 65_534)
        guard case .insecurePermissions(_, let reason) = expectRefusal(path) else {
            Issue.record("wrong error")
            return
        }
        #expect(reason.contains("is owned by uid 65534, neither you (uid 0) nor root"))
    }

    @Test func aDanglingSymbolicLink() throws {
        let path = files.directory.appendingPathComponent("libDangling.so").path
        try FileManager.default.createSymbolicLink(atPath: path, withDestinationPath: "/nonexistent/libGone.so")
        let error = expectRefusal(path)
        guard case .fileNotFound = error else {
            Issue.record("wrong error: \(String(describing: error))")
            return
        }
        #expect(error?.description.contains("a symbolic link must point to an existing file") == true)
    }

    @Test func aSymbolicLinkLoop() throws {
        let first = files.directory.appendingPathComponent("libLoopA.so").path
        let second = files.directory.appendingPathComponent("libLoopB.so").path
        try FileManager.default.createSymbolicLink(atPath: first, withDestinationPath: second)
        try FileManager.default.createSymbolicLink(atPath: second, withDestinationPath: first)
        guard case .unreadable(_, let reason) = expectRefusal(first) else {
            Issue.record("wrong error")
            return
        }
        #expect(reason == "Too many levels of symbolic links")
    }

    @Test(.enabled(if: getuid() != 0, "root reads files whatever their mode"))
    func anUnreadableFile() throws {
        let path = try files.write("libSecret.so", Data("x".utf8))
        chmod(path, 0o200)
        guard case .unreadable = expectRefusal(path) else {
            Issue.record("wrong error")
            return
        }
    }

    @Test func aMissingDirectory() {
        let path = files.directory.appendingPathComponent("nowhere").path
        let error = #expect(throws: PluginLoadError.self) { try loader.load(directory: path) }
        guard case .directoryNotFound(path) = error else {
            Issue.record("wrong error: \(String(describing: error))")
            return
        }
    }

    @Test func aFileGivenAsTheDirectory() throws {
        let path = try files.write("plugins", Data("not a directory".utf8))
        let error = #expect(throws: PluginLoadError.self) { try loader.load(directory: path) }
        guard case .notADirectory(path) = error else {
            Issue.record("wrong error: \(String(describing: error))")
            return
        }
        #expect(
            error?.description == "\(path): is not a directory; pass the directory that holds the plugin files")
        #expect(registry.snapshot.plugins.isEmpty)
        let device = #expect(throws: PluginLoadError.self) { try loader.load(directory: "/dev/null") }
        #expect(device?.description.hasPrefix("/dev/null: is not a directory;") == true)
    }
}

import Foundation
import Plugboard
import Testing

/// Every directory on the way to a plugin is checked as its own directory is: whoever may write
/// one may replace what it holds.
struct DirectoryPermissionTests {
    let files: BadFiles
    let inner: URL

    init() throws {
        files = try BadFiles()
        inner = files.directory.appendingPathComponent("inner")
        try FileManager.default.createDirectory(at: inner, withIntermediateDirectories: false)
    }

    /// The reason the loader refuses `path` for its permissions, or what else it did.
    private func refusal(of path: String) -> String {
        let registry = Registry()
        do {
            try PluginLoader(registry: registry).load(file: path)
            return "loaded"
        } catch {
            #expect(registry.snapshot.plugins.isEmpty)
            guard case .insecurePermissions(path, let reason) = error else { return "refused: \(error)" }
            return reason
        }
    }

    private func plugin(in directory: URL) throws -> String {
        let path = directory.appendingPathComponent("libInner.so").path
        try Data("not a plugin".utf8).write(to: URL(fileURLWithPath: path))
        return path
    }

    @Test func aDirectoryAboveThatOthersMayWriteIsRefused() throws {
        let path = try plugin(in: inner)
        chmod(files.directory.path, 0o777)
        #expect(
            refusal(of: path)
                == "a directory above it (\(files.directory.path)) is writable by group and others (mode 777); "
                + "run chmod go-w on it")
        // Named through a relative path, as far up as the path goes, then as the directories resolve.
        let relative =
            FileManager.default.currentDirectoryPath.split(separator: "/").map { _ in ".." }.joined(separator: "/")
            + path
        #expect(
            refusal(of: relative).hasSuffix(
                "/\(files.directory.lastPathComponent)) is writable by group and others (mode 777); run chmod go-w on it"
            ))
    }

    /// As a build made with `umask 002` leaves it: the file, its directory and one above are all
    /// group-writable. One refusal names them all, and its one command fixes them all.
    @Test func everyUnsafePathIsNamedInOneMessageWithOneCommandThatFixesThemAll() throws {
        let path = try plugin(in: inner)
        for writable in [path, inner.path, files.directory.path] { chmod(writable, 0o775) }
        let reason = refusal(of: path)
        #expect(
            reason == "the file (\(path)) is writable by group (mode 775); its directory (\(inner.path)) is writable "
                + "by group (mode 775); a directory above it (\(files.directory.path)) is writable by group (mode 775); "
                + "run chmod go-w \(path) \(inner.path) \(files.directory.path)")
        let command = try #require(reason.split(separator: "; ").last)
        let shell = Process()
        shell.executableURL = URL(fileURLWithPath: "/bin/sh")
        shell.arguments = ["-c", String(command.dropFirst("run ".count))]
        try shell.run()
        shell.waitUntilExit()
        #expect(shell.terminationStatus == 0)
        #expect(refusal(of: path).hasPrefix("refused: \(path): not a loadable shared object"))
    }

    @Test func aPathThatAShellWouldSplitIsQuotedInTheCommand() throws {
        let spaced = files.directory.appendingPathComponent("my plugins")
        try FileManager.default.createDirectory(at: spaced, withIntermediateDirectories: false)
        let path = try plugin(in: spaced)
        for writable in [path, spaced.path] { chmod(writable, 0o775) }
        #expect(refusal(of: path).hasSuffix("; run chmod go-w '\(path)' '\(spaced.path)'"))
    }

    @Test func aStickyDirectoryAboveMayBeWritableButAStickyDirectoryOfTheFileMayNot() throws {
        let path = try plugin(in: inner)
        chmod(files.directory.path, 0o1777)
        #expect(refusal(of: path).hasPrefix("refused: \(path): not a loadable shared object"))
        chmod(inner.path, 0o1777)
        #expect(
            refusal(of: path)
                == "its directory (\(inner.path)) is writable by group and others (mode 1777); run chmod go-w on it")
    }

    @Test func aSymbolicLinkIsCheckedWhereItLeads() throws {
        let target = try plugin(in: inner)
        chmod(inner.path, 0o777)
        let link = files.directory.appendingPathComponent("libLink.so").path
        try FileManager.default.createSymbolicLink(atPath: link, withDestinationPath: target)
        let real = try #require(realpath(inner.path, nil))
        defer { free(real) }
        #expect(
            refusal(of: link)
                == "its directory (\(String(cString: real))) is writable by group and others (mode 777); "
                + "run chmod go-w on it")
        chmod(inner.path, 0o755)
        #expect(refusal(of: link).hasPrefix("refused: \(link): not a loadable shared object"))
    }

    @Test func aDirectoryReachedThroughALinkIsCheckedWhereTheLinkIs() throws {
        // The plugin's directory is safe, but it is named through a link in a directory others may write.
        let open = files.directory.appendingPathComponent("open")
        try FileManager.default.createDirectory(at: open, withIntermediateDirectories: false)
        let path = try plugin(in: inner)
        try FileManager.default.createSymbolicLink(
            atPath: open.appendingPathComponent("plugins").path, withDestinationPath: inner.path)
        chmod(open.path, 0o777)
        let named = open.appendingPathComponent("plugins/libInner.so").path
        #expect(refusal(of: path).hasPrefix("refused: \(path): not a loadable shared object"))
        #expect(
            refusal(of: named)
                == "a directory above it (\(open.path)) is writable by group and others (mode 777); run chmod go-w on it"
        )
    }

    @Test(.enabled(if: getuid() == 0, "changing a directory's owner needs root"))
    func aDirectoryAboveOwnedBySomeoneElseIsRefused() throws {
        let path = try plugin(in: inner)
        chown(files.directory.path, 65_534, 65_534)
        #expect(
            refusal(of: path)
                == "a directory above it (\(files.directory.path)) is owned by uid 65534, neither you (uid 0) nor root; "
                + "change its owner")
    }
}

import FoundationEssentials
import Glibc
import Plugboard

/// `plugboard seal FILE...`: write each plugin's manifest and declarations into its file, so
/// hosts can read and check them without loading the plugin.
enum SealCommand {
    static let help = """
        USAGE: plugboard seal FILE...

        Loads each plugin FILE in a child process, collects its manifest (name, version,
        runtime, toolchain, architecture) and what its modules declare (modules, routes,
        tasks), and writes them into the file's .plugboard_manifest section with llvm-objcopy.
        A sealed plugin's fingerprint is checked before it is loaded, and plugboard inspect
        reads it without loading it. A FILE that is a symbolic link stays one: the file it
        links to is sealed.

        OPTIONS:
          -h, --help   Show this help.
        """

    static func run(_ arguments: [String]) throws -> Int32 {
        guard !arguments.isEmpty, !arguments.contains(where: { $0.hasPrefix("-") }) else {
            throw HostError.usage("seal takes one or more plugin files")
        }
        var failures = 0
        for file in arguments {
            do {
                // llvm-objcopy replaces the file it writes: given a link, it would replace the link.
                var status = stat()
                let isLink = lstat(file, &status) == 0 && status.st_mode & S_IFMT == S_IFLNK
                let target = isLink ? realPath(file) ?? file : file
                let sealed = try seal(target)
                let routes = counted(sealed.routes.count, "route")
                let linked = isLink ? " (a link to \(PluginLoader.shown(path: target)))" : ""
                Terminal.line(
                    .ok,
                    "\(PluginLoader.shown(path: file))\(linked): sealed \(sealed.name) \(sealed.version), \(routes)")
            } catch {
                failures += 1
                Terminal.error("error: \(error)")
            }
        }
        return failures == 0 ? 0 : 1
    }

    private static func seal(_ file: String) throws -> SealedManifest {
        let (sealed, json) = try ChildDescription.describe(file)
        let manifestFile = FileManager.default.temporaryDirectory.appendingPathComponent(
            "plugboard-\(UUID().uuidString).json")
        try Data(json.utf8).write(to: manifestFile)
        defer { try? FileManager.default.removeItem(at: manifestFile) }
        let existing = (try? ManifestReader.read(fileAt: file)) != nil
        let section = ManifestReader.sectionName
        let arguments = [
            "llvm-objcopy", existing ? "--update-section" : "--add-section", "\(section)=\(manifestFile.path)",
            "--set-section-flags", "\(section)=noload,readonly", file,
        ]
        let shown = PluginLoader.shown(path: file)
        switch ChildProcess.run("/usr/bin/env", arguments, timeout: 60) {
        case .exited(0, _):
            return sealed
        case .exited(127, _):
            throw HostError.failed(
                "\(shown): llvm-objcopy, which writes the section, is not on PATH; put the Swift toolchain's "
                    + "usr/bin on PATH")
        case .exited(_, let output):
            let reason = output.split(separator: "\n").first.map(String.init) ?? "no message"
            throw HostError.failed("\(shown): llvm-objcopy could not write the section: \(reason)")
        case .crashed(let signal, let failure, _):
            let crash = ChildProcess.describeCrash(signal: signal, failure: failure, doing: "writing the section")
            throw HostError.failed("\(shown): llvm-objcopy \(crash)")
        case .timedOut:
            throw HostError.failed("\(shown): llvm-objcopy did not write the section within 60 s (killed)")
        case .failedToStart(let reason):
            throw HostError.failed("\(shown): llvm-objcopy could not be started: \(reason)")
        }
    }
}

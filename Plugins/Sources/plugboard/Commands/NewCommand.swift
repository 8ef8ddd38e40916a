import FoundationEssentials
import Glibc
import Plugboard

/// `plugboard new NAME`: scaffold a plugin package that builds, passes its tests and loads as is.
enum NewCommand {
    static let help = """
        USAGE: plugboard new NAME [--in DIR] [--needs PLUGIN]

        Creates the package DIR/NAME (default: ./NAME): a .dynamic library product that depends
        on Plugboard, with a manifest and one module that registers a startup task and the route
        app://<name>, whose screen has a button that opens app://circles of the bundled Circles
        plugin; a test target that drives that screen with TestHost; a .gitignore and a
        .swift-format. The plugin packages of one DIR share the build directory
        DIR/.plugboard-build, so the runtime is compiled once for them all. Build the package
        with `swift build --package-path NAME --scratch-path .plugboard-build`, test it with
        `swift test` and the same options, then run it:
        plugboard run --with-bundled --plugins .plugboard-build/debug --open app://<name>
        (The three commands are printed in full, with this executable's path.) A package that
        cannot be written whole is removed again.

        With --needs PLUGIN, the plugin needs the installed plugin PLUGIN (a bundled plugin that
        is a package of its own: Account): its package depends on PLUGIN's package, its
        manifest declares the dependency, its module imports PLUGIN's module and looks up the
        service PLUGIN provides, its screen says whether it found it, and a third test
        registers PLUGIN's module beside its own and finds the service. The run command then
        finds PLUGIN's library in the shared build directory too, the same build as the one
        installed, and loads it once.

        OPTIONS:
          --in DIR          The existing directory to create the package in.
          --needs PLUGIN    The installed plugin the new one needs.
          -h, --help        Show this help.
        """

    /// Modules a plugin's target would hide, or that the toolchain reserves: the runtime's own and
    /// those of the Swift toolchain on Linux.
    private static let moduleNames: Set<String> = [
        "Plugboard", "PlugboardRouting", "PlugboardReactive", "CPlugboard", "Swift", "SwiftShims", "Foundation",
        "FoundationEssentials", "FoundationInternationalization", "FoundationNetworking", "FoundationXML",
        "CoreFoundation", "Dispatch", "Glibc", "SwiftGlibc", "XCTest", "Testing", "Synchronization", "Observation",
        "Distributed", "RegexBuilder", "Cxx", "CxxStdlib",
    ]

    /// Swift's keywords that `import NAME` cannot name: a module named so could not be imported by
    /// the package's own tests.
    private static let keywords: Set<String> = [
        "associatedtype", "class", "deinit", "enum", "extension", "fileprivate", "func", "import", "init", "inout",
        "internal", "let", "operator", "private", "precedencegroup", "protocol", "public", "rethrows", "static",
        "struct", "subscript", "typealias", "var", "break", "case", "catch", "continue", "default", "defer", "do",
        "else", "fallthrough", "for", "guard", "if", "in", "repeat", "return", "throw", "switch", "where", "while",
        "Any", "as", "false", "is", "nil", "self", "Self", "super", "throws", "true", "try",
    ]

    /// Why `name` cannot be a new plugin's name, if it cannot: its module could not be imported, or
    /// would clash with one it builds with, or its manifest with a bundled plugin's when both are
    /// loaded.
    private static func whyTaken(_ name: String) -> String? {
        if keywords.contains(name) {
            return "it is a Swift keyword, so a module of that name cannot be imported"
        }
        if moduleNames.contains(name) {
            return "a module of that name is part of Plugboard or of the Swift toolchain"
        }
        if BundledPlugins.names.contains(name) {
            return "a bundled plugin has that name, and a host loads one plugin of a name"
        }
        return nil
    }

    static func run(_ arguments: [String]) throws -> Int32 {
        let options = try Options(arguments, valued: ["--in", "--needs"], operands: 1)
        guard let name = options.operands.first else { throw HostError.usage("new takes a plugin name") }
        guard let first = name.first, first.isLetter, name.allSatisfy({ $0.isASCII && ($0.isLetter || $0.isNumber) })
        else {
            throw HostError.usage("'\(name)' is not a valid name: use letters and digits, starting with a letter")
        }
        if let reason = whyTaken(name) {
            throw HostError.failed("'\(name)' cannot be a plugin's name: \(reason); choose another name")
        }
        let needed = try options.single("--needs").map(NeededPlugin.init(named:))
        let parent = try options.single("--in") ?? FileManager.default.currentDirectoryPath
        if let problem = FileProblem.whyNotWritable(directory: parent) {
            throw HostError.failed("cannot create the package \(name) in \(parent): \(problem)")
        }
        let package = URL(fileURLWithPath: parent).appendingPathComponent(name)
        // Creating the package's directory claims its name, even against a dangling symbolic link.
        guard mkdir(package.path, 0o755) == 0 else {
            if errno == EEXIST {
                throw HostError.failed("\(package.path) already exists; choose another name or directory")
            }
            throw HostError.failed("cannot create \(package.path): \(FileProblem.reason(errno: errno))")
        }
        // The package names the runtime by a relative path, so that it can move with it.
        let resolved = realPath(package.path) ?? package.path
        let runtime = relativePath(from: resolved, to: runtimePackagePath)
        let need = needed.map { needed in
            PluginTemplate.Need(
                plugin: needed, path: relativePath(from: resolved, to: realPath(needed.package) ?? needed.package))
        }
        for file in PluginTemplate.files(name: name, runtime: runtime, need: need) {
            let url = package.appendingPathComponent(file.path)
            do {
                try FileManager.default.createDirectory(
                    at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
                try file.contents.write(to: url, atomically: true, encoding: .utf8)
                try safeModes(in: package, for: file.path)
            } catch {
                // A package is created whole or not at all.
                try? FileManager.default.removeItem(at: package)
                throw HostError.failed(
                    "cannot write \(file.path) of \(package.path): \(FileProblem.reason(error)); "
                        + "the package was not created")
            }
        }
        // The packages of one directory share one build directory, so the runtime is built once
        // for all of them rather than once in each.
        let shared = URL(fileURLWithPath: parent).appendingPathComponent(sharedBuildDirectory).path
        if mkdir(shared, 0o755) != 0 && errno != EEXIST {
            Terminal.error("warning: cannot create \(shared): \(FileProblem.reason(errno: errno))")
        }
        let (packageWord, sharedWord) = (
            PluginLoader.shellWord(path: package.path), PluginLoader.shellWord(path: shared)
        )
        Terminal.line("Created \(package.path)")
        Terminal.line("  swift build --package-path \(packageWord) --scratch-path \(sharedWord)")
        Terminal.line("  swift test --package-path \(packageWord) --scratch-path \(sharedWord)")
        Terminal.line(
            "  \(PluginLoader.shellWord(path: BundledPlugins.executable)) run --with-bundled --plugins "
                + "\(PluginLoader.shellWord(path: shared + "/debug")) --open \(PluginTemplate.route(of: name))"
        )
        return 0
    }

    /// The build directory that the plugin packages of one directory share: `swift build
    /// --scratch-path` there builds the runtime once for them all (a second package then builds in
    /// seconds, where a build directory of its own compiles the runtime again).
    static let sharedBuildDirectory = ".plugboard-build"

    /// Gives `file`, a path inside `package`, and the directories on the way to it, modes only
    /// their owner may write, whatever the umask: the loader refuses a plugin built in a directory
    /// that group or others may write.
    private static func safeModes(in package: URL, for file: String) throws {
        var path = package.path
        for part in file.split(separator: "/").dropLast() {
            path += "/\(part)"
            try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: path)
        }
        try FileManager.default.setAttributes([.posixPermissions: 0o644], ofItemAtPath: package.path + "/" + file)
    }

    /// The relative path from the directory `start` to `target`, both absolute and resolved.
    static func relativePath(from start: String, to target: String) -> String {
        let from = start.split(separator: "/")
        let to = target.split(separator: "/")
        let common = zip(from, to).prefix { $0 == $1 }.count
        let parts = Array(repeating: "..", count: from.count - common) + to.dropFirst(common).map(String.init)
        return parts.isEmpty ? "." : parts.joined(separator: "/")
    }

    /// The Plugboard runtime package this host was built from, with its links resolved.
    static var runtimePackagePath: String {
        let path = SourceTree.runtimePackage
        return realPath(path) ?? path
    }
}

import FoundationEssentials

/// A plugin package that `plugboard run --build` builds again when its sources change, into the
/// build directory whose products the host loads: then the watch reloads what the build changed.
struct PackageBuild {
    /// The package's directory.
    let package: String
    /// The build directory: the parent of the directory the host loads plugins from.
    let scratch: String
    /// `debug` or `release`, as the directory the host loads plugins from is named.
    let configuration: String

    /// The build of `package` into `pluginDirectory`, which must be the `debug` or `release`
    /// directory of a build directory (such as `.plugboard-build/debug`), as `swift build` makes
    /// it.
    /// - Throws: ``HostError/usage(_:)`` when `package` has no `Package.swift` or
    ///   `pluginDirectory` is not such a directory.
    init(package: String, into pluginDirectory: String) throws {
        configuration = PathText.lastComponent(of: pluginDirectory)
        guard configuration == "debug" || configuration == "release" else {
            throw HostError.usage(
                "--build needs --plugins to name the directory its package builds into, the debug or release "
                    + "directory of a build directory (such as .plugboard-build/debug), not \(pluginDirectory)")
        }
        guard FileManager.default.fileExists(atPath: package + "/Package.swift") else {
            throw HostError.usage("--build \(package): there is no Package.swift there; name a plugin package")
        }
        self.package = package
        let parent = PathText.directory(of: pluginDirectory)
        scratch = parent.isEmpty ? "." : parent
    }

    /// The files and trees whose change calls for a build: the manifest, and what is under
    /// `Sources`.
    var watched: (files: [String], trees: [String]) {
        ([package + "/Package.swift"], [package + "/Sources"])
    }

    /// The arguments of `swift` that build the package.
    var arguments: [String] {
        ["build", "--package-path", package, "--scratch-path", scratch]
            + (configuration == "release" ? ["-c", "release"] : [])
    }

    /// Runs `swift build`, its output on standard error.
    /// - Throws: ``HostError`` when it could not start or failed.
    func run() throws(HostError) {
        try Spawn.runShowingOutput(["swift"] + arguments)
    }
}

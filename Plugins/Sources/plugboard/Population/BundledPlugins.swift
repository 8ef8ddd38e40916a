import FoundationEssentials

/// Finds the example plugins that this package builds next to the `plugboard` executable.
enum BundledPlugins {
    /// The bundled plugin files, in load order.
    static let fileNames = [
        "libShellPlugin.so", "libCirclesPlugin.so", "libAccountPlugin.so", "libBlogPlugin.so", "libGreeterPlugin.so",
    ]

    /// The bundled plugins' names, as their manifests give them (`libGreeterPlugin.so`: Greeter).
    static var names: [String] {
        fileNames.map { String($0.dropFirst("lib".count).dropLast("Plugin.so".count)) }
    }

    /// The directory of the running executable: the build products directory.
    static var productsDirectory: String {
        PathText.directory(of: executable)
    }

    /// The running executable's path.
    static var executable: String {
        (try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe")) ?? CommandLine.arguments[0]
    }

    /// Paths of the bundled plugins, building them first when `swift run` built only the host.
    static func paths() throws(HostError) -> [String] {
        let directory = productsDirectory
        let paths = fileNames.map { PathText.joining(directory, $0) }
        if paths.allSatisfy({ FileManager.default.fileExists(atPath: $0) }) { return paths }
        try build(into: directory)
        return paths
    }

    /// Builds the plugin products of the package this executable belongs to.
    private static func build(into directory: String) throws(HostError) {
        let package = SourceTree.pluginsPackage
        let configuration = PathText.lastComponent(of: directory) == "release" ? "release" : "debug"
        Terminal.error("Building the bundled plugins (first run only)…")
        do {
            try Spawn.runShowingOutput(["swift", "build", "--package-path", package, "-c", configuration])
        } catch {
            throw .bundledPluginsMissing(directory: directory, reason: error.description)
        }
    }
}

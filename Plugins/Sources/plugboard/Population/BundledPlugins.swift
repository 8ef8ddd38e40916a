import FoundationEssentials
import Glibc
import Plugboard

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

    /// Paths of the bundled plugins that are built, without building any: the plugins a plugin
    /// read alone (sealed, inspected, verified) may link.
    static var present: [String] {
        fileNames.map { PathText.joining(productsDirectory, $0) }.filter { access($0, F_OK) == 0 }
    }

    /// Paths of the bundled plugins, building them first when `swift run` built only the host, or
    /// built the runtime beside them anew since they were built (the loader would refuse them as
    /// built for another runtime when its interface changed).
    static func paths() throws(HostError) -> [String] {
        let directory = productsDirectory
        let paths = fileNames.map { PathText.joining(directory, $0) }
        let runtime = PathText.joining(directory, "libPlugboard.so")
        let times = paths.map(modified)
        let missing = times.contains { $0 == nil }
        let older = modified(runtime).map { built in times.contains { $0.map { $0 < built } ?? false } } ?? false
        guard missing || older else { return paths }
        let running = FileIdentity(fileAt: runtime)
        try build(into: directory, why: missing ? "first run only" : "the runtime beside them is newer")
        // A host older than its sources: the build replaced the runtime it runs.
        guard FileIdentity(fileAt: runtime) == running else { throw .runtimeBuiltAnew(path: runtime) }
        return paths
    }

    /// When the file at `path` was last modified, as seconds and nanoseconds (which compare in
    /// that order); `nil` when there is no file.
    private static func modified(_ path: String) -> (seconds: Int, nanoseconds: Int)? {
        var status = stat()
        guard stat(path, &status) == 0 else { return nil }
        return (Int(status.st_mtim.tv_sec), Int(status.st_mtim.tv_nsec))
    }

    /// Builds the plugin products of the package this executable belongs to, saying `why`.
    private static func build(into directory: String, why: String) throws(HostError) {
        let package = SourceTree.pluginsPackage
        let configuration = PathText.lastComponent(of: directory) == "release" ? "release" : "debug"
        Terminal.error("Building the bundled plugins (\(why))…")
        do {
            try Spawn.runShowingOutput(["swift", "build", "--package-path", package, "-c", configuration])
        } catch {
            throw .bundledPluginsMissing(directory: directory, reason: error.description)
        }
    }
}

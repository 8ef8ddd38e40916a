import Foundation

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
        (executable as NSString).deletingLastPathComponent
    }

    /// The running executable's path.
    static var executable: String {
        (try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe")) ?? CommandLine.arguments[0]
    }

    /// Paths of the bundled plugins, building them first when `swift run` built only the host.
    static func paths() throws(HostError) -> [String] {
        let directory = productsDirectory
        let paths = fileNames.map { (directory as NSString).appendingPathComponent($0) }
        if paths.allSatisfy({ FileManager.default.fileExists(atPath: $0) }) { return paths }
        try build(into: directory)
        return paths
    }

    /// Builds the plugin products of the package this executable belongs to.
    private static func build(into directory: String) throws(HostError) {
        let package = URL(fileURLWithPath: #filePath)
            .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        let configuration = (directory as NSString).lastPathComponent == "release" ? "release" : "debug"
        Terminal.error("Building the bundled plugins (first run only)…")
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["swift", "build", "--package-path", package.path, "-c", configuration]
        process.standardOutput = FileHandle.standardError
        do {
            try process.run()
            process.waitUntilExit()
        } catch {
            throw .bundledPluginsMissing(directory: directory, reason: "\(error)")
        }
        guard process.terminationStatus == 0 else {
            throw .bundledPluginsMissing(
                directory: directory, reason: "swift build exited with status \(process.terminationStatus)")
        }
    }
}

import Foundation
import Synchronization

/// A population of small plugins — one module, one route, one screen each — compiled with `swiftc`
/// against the runtime of a release build of the host, sealed, and kept between runs: a directory
/// per population size whose files are hard links to the same plugins.
struct InstalledPlugins {
    /// The release products directory: `plugboard`, `libPlugboard.so`, `Modules`.
    let products: URL
    /// Where the plugins and populations are kept, one directory per runtime build.
    let root: URL

    /// The directory holding the first `count` plugins, made if missing.
    func population(of count: Int) throws -> URL {
        let directory = root.appendingPathComponent("installed-\(count)")
        if FileManager.default.fileExists(atPath: directory.appendingPathComponent(Self.file(count - 1)).path) {
            return directory
        }
        try? FileManager.default.removeItem(at: directory)
        try Self.makeDirectory(directory)
        for index in 0..<count {
            try FileManager.default.linkItem(
                at: try plugin(index), to: directory.appendingPathComponent(Self.file(index)))
        }
        return directory
    }

    /// Removes the plugins kept for other runtime builds (30 MB each), which a host of this
    /// build would refuse.
    func removeOtherBuilds() {
        let kept = root.deletingLastPathComponent()
        let builds = (try? FileManager.default.contentsOfDirectory(atPath: kept.path)) ?? []
        for other in builds where other != root.lastPathComponent {
            try? FileManager.default.removeItem(at: kept.appendingPathComponent(other))
        }
    }

    /// The file name of plugin `index`: `libP7.so`.
    static func file(_ index: Int) -> String { "libP\(index).so" }

    /// Compiles and seals plugins `0..<count` that are not there yet, two at a time.
    func build(_ count: Int) throws {
        let plugins = root.appendingPathComponent("plugins")
        try Self.makeDirectory(plugins)
        let missing = (0..<count).filter {
            !FileManager.default.fileExists(atPath: plugins.appendingPathComponent(Self.file($0)).path)
        }
        guard !missing.isEmpty else { return }
        print("compiling \(missing.count) plugins (once; kept in \(root.path))")
        let failures = Mutex(0)
        DispatchQueue.concurrentPerform(iterations: 2) { worker in
            for index in missing where index % 2 == worker {
                do { try compile(index, into: plugins) } catch { failures.withLock { $0 += 1 } }
            }
        }
        guard failures.withLock({ $0 }) == 0 else {
            throw Failure("\(failures.withLock { $0 }) plugins did not compile")
        }
    }

    private func plugin(_ index: Int) throws -> URL {
        root.appendingPathComponent("plugins").appendingPathComponent(Self.file(index))
    }

    private func compile(_ index: Int, into plugins: URL) throws {
        let name = "P\(index)"
        let work = root.appendingPathComponent("work")
        try Self.makeDirectory(work)
        let source = work.appendingPathComponent("\(name).swift")
        try Self.source(name).write(to: source, atomically: true, encoding: .utf8)
        let unsealed = work.appendingPathComponent(Self.file(index))
        try run(
            "swiftc", "-O", "-emit-library", "-parse-as-library", "-module-name", name, source.path,
            "-I", products.appendingPathComponent("Modules").path, "-Xcc",
            "-fmodule-map-file=" + products.appendingPathComponent("CPlugboard.build/module.modulemap").path,
            "-L", products.path, "-lPlugboard", "-Xlinker", "-rpath", "-Xlinker", products.path, "-o", unsealed.path)
        // Sealed as `plugboard seal` seals a file, into a temporary name: a file is whole or absent.
        let partial = plugins.appendingPathComponent(Self.file(index) + ".partial")
        try run(products.appendingPathComponent("plugboard").path, "seal", unsealed.path, quietly: true)
        try FileManager.default.copyItem(at: unsealed, to: partial)
        chmod(partial.path, 0o755)
        try FileManager.default.moveItem(at: partial, to: plugins.appendingPathComponent(Self.file(index)))
    }

    private static func source(_ name: String) -> String {
        """
        public import Plugboard
        public enum \(name)Plugin: Plugin {
            public static let manifest = PluginManifest(name: "\(name)", version: "1.0.0")
        }
        public final class \(name)Module: Module {
            public init() {}
            public func register(with registrar: ModuleRegistrar) throws {
                registrar.route("app://\(name.lowercased())", title: "\(name)") { _ in \(name)Screen() }
            }
        }
        final class \(name)Screen: Screen {
            let title = "\(name)"
            func render() -> String { "the screen of \(name)" }
        }

        """
    }

    private func run(_ arguments: String..., quietly: Bool = false) throws {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = arguments
        if quietly { process.standardOutput = FileHandle.nullDevice }
        try process.run()
        process.waitUntilExit()
        guard process.terminationStatus == 0 else { throw Failure("\(arguments.joined(separator: " ")) failed") }
    }

    static func makeDirectory(_ directory: URL) throws {
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        chmod(directory.path, 0o755)
    }
}

/// A failure of the benchmark's own set-up.
struct Failure: Error, CustomStringConvertible {
    let description: String
    init(_ description: String) { self.description = description }
}

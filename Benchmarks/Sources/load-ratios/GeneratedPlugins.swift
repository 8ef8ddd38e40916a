import Foundation

/// Writes and compiles `count` small plugins (three modules, each with three routes and two
/// startup tasks) against the runtime this benchmark was built with, and seals copies of them.
enum GeneratedPlugins {
    static let count = 100

    /// The directory of the generated plugins, and of their sealed copies.
    static func prepare(in root: URL, products: URL) throws -> (plain: URL, sealed: URL) {
        let plain = root.appendingPathComponent("plain")
        let sealed = root.appendingPathComponent("sealed")
        if FileManager.default.fileExists(atPath: sealed.appendingPathComponent("libP\(count - 1).so").path) {
            return (plain, sealed)
        }
        for directory in [root, plain, sealed] {
            try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
            chmod(directory.path, 0o755)
        }
        for index in 0..<count {
            let name = "P\(index)"
            let source = root.appendingPathComponent("\(name).swift")
            try Self.source(name).write(to: source, atomically: true, encoding: .utf8)
            let library = plain.appendingPathComponent("lib\(name).so")
            try run(
                "swiftc", "-emit-library", "-parse-as-library", "-module-name", name, source.path,
                "-I", products.appendingPathComponent("Modules").path,
                "-Xcc",
                "-fmodule-map-file=" + products.appendingPathComponent("CPlugboard.build/module.modulemap").path,
                "-L", products.path, "-lPlugboard",
                "-Xlinker", "-rpath", "-Xlinker", products.path, "-o", library.path
            )
            chmod(library.path, 0o755)
            let manifest = root.appendingPathComponent("\(name).json")
            try manifestJSON(name).write(to: manifest, atomically: true, encoding: .utf8)
            let sealedLibrary = sealed.appendingPathComponent("lib\(name).so")
            try run(
                "llvm-objcopy", "--add-section", ".plugboard_manifest=\(manifest.path)",
                "--set-section-flags", ".plugboard_manifest=noload,readonly", library.path, sealedLibrary.path
            )
            chmod(sealedLibrary.path, 0o755)
        }
        return (plain, sealed)
    }

    private static func source(_ name: String) -> String {
        let modules = (0..<3).map { module in
            """
            public final class \(name)Module\(module): Module {
                public init() {}
                public func register(with registrar: ModuleRegistrar) throws {
                    for route in 0..<3 {
                        registrar.route("app://\(name.lowercased())/m\(module)/r\\(route)") { _ in \(name)Screen() }
                    }
                    registrar.startupTask("\(name.lowercased()).m\(module).first") {}
                    registrar.startupTask("\(name.lowercased()).m\(module).second", after: ["\(name.lowercased()).m\(module).first"]) {}
                }
            }
            """
        }
        return """
            public import Plugboard
            public enum \(name)Plugin: Plugin {
                public static let manifest = PluginManifest(name: "\(name)", version: "1.0.0")
            }
            \(modules.joined(separator: "\n"))
            final class \(name)Screen: Screen { let title = "\(name)"; func render() -> String { "" } }
            @_cdecl("plugboard_plugin_entry")
            public func plugboardPluginEntry() -> UnsafeMutableRawPointer {
                PluginEntry(plugin: \(name)Plugin.self, modules: [\(name)Module0.self, \(name)Module1.self, \(name)Module2.self]).exported()
            }

            """
    }

    private static func manifestJSON(_ name: String) -> String {
        """
        {"architecture":"x86_64","modules":["\(name).\(name)Module0","\(name).\(name)Module1","\(name).\(name)Module2"],\
        "name":"\(name)","routes":[],"runtimeVersion":"\(PlugboardFingerprint.runtimeVersion)",\
        "tasks":[],"toolchain":"\(PlugboardFingerprint.toolchain)","version":"1.0.0"}
        """
    }

    private static func run(_ arguments: String...) throws {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = arguments
        try process.run()
        process.waitUntilExit()
        guard process.terminationStatus == 0 else {
            throw CocoaError(.executableLoad, userInfo: [NSLocalizedDescriptionKey: "\(arguments[0]) failed"])
        }
    }
}

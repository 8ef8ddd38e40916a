import Plugboard

/// Loads plugin files into a registry and prints one line per plugin.
enum PluginLoading {
    /// Loads `paths` in order; prints each outcome; returns how many failed.
    static func load(_ paths: [String], into registry: Registry) -> Int {
        let loader = PluginLoader(registry: registry)
        var failures = 0
        for path in paths {
            do {
                let plugin = try loader.load(file: path)
                Terminal.line(
                    "  \(Terminal.ok) \(plugin.manifest.name) \(plugin.manifest.version)  (\(plugin.modules.count) module(s))"
                )
            } catch {
                failures += 1
                Terminal.line("  \(Terminal.failed) \(path)")
                Terminal.error("error: \(error)")
            }
        }
        return failures
    }

    /// The `.so` files of each directory (sorted within a directory), directories in the given order.
    static func files(in directories: [String]) throws(PluginLoadError) -> [String] {
        var files: [String] = []
        for directory in directories {
            files += try PluginLoader.pluginFiles(in: directory)
        }
        return files
    }
}

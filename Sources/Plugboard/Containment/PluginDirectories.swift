internal import CPlugboard
internal import Glibc

/// The directories a plugin may write without declaring them: a data directory of its own, kept
/// between runs, and, when it runs isolated, a private temporary directory that ends with its
/// process (its `TMPDIR`). The same in the host's process and isolated.
///
/// ```swift
/// let notes = PluginDirectories.data(of: "Notes")  // ~/.local/share/plugboard/plugins/Notes
/// ```
public enum PluginDirectories {
    /// The data directory of the plugin named `plugin`:
    /// `$XDG_DATA_HOME/plugboard/plugins/NAME`, by default `~/.local/share/plugboard/plugins/NAME`.
    /// An isolated plugin's process creates it before the plugin's code runs; a plugin in the
    /// host's process creates it itself.
    ///
    /// ```swift
    /// let file = PluginDirectories.data(of: "Notes") + "/notes.json"
    /// ```
    public static func data(of plugin: String) -> String {
        expanded("$XDG_DATA_HOME") + "/plugboard/plugins/" + plugin
    }

    /// Removes the private temporary directory of the confined process `process`, which has
    /// ended: its reaper calls it (``ProcessConfinement/confineThisProcess(reading:)``). A link in it
    /// is removed, not followed.
    ///
    /// ```swift
    /// waitpid(child, &status, 0)
    /// PluginDirectories.removeTemporary(ofProcess: child)
    /// ```
    public static func removeTemporary(ofProcess process: Int32) {
        pb_remove_tree(temporary(ofProcess: process))
    }

    /// Removes, once per host process, the private temporary directories of processes that have
    /// ended unreaped (their host was killed, say): each whose process is gone.
    static let removeStaleTemporaries: Void = {
        let base = String(temporary(ofProcess: 0).dropLast())
        guard let directory = opendir(base) else { return }
        defer { closedir(directory) }
        while let entry = readdir(directory) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) {
                String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self)
            }
            guard let process = Int32(name), kill(process, 0) != 0, errno == ESRCH else { continue }
            pb_remove_tree(base + name)
        }
    }()

    /// The private temporary directory of the confined process `process`:
    /// `$TMPDIR/plugboard-UID/PROCESS` (`/tmp` without `TMPDIR`), readable by its owner only. The
    /// process creates it as it confines itself.
    static func temporary(ofProcess process: Int32) -> String {
        let base = getenv("TMPDIR").map { String(cString: $0) }.flatMap { $0.hasPrefix("/") ? $0 : nil } ?? "/tmp"
        return "\(base)/plugboard-\(getuid())/\(process)"
    }

    /// `path` with a leading `~`, `$HOME` or XDG base directory variable replaced by its value
    /// in this process's environment (an XDG variable that is unset or not absolute by its
    /// default under the home directory).
    static func expanded(_ path: String) -> String {
        let home = environment("HOME") ?? "/"
        let defaults = [
            "$XDG_CONFIG_HOME": "/.config", "$XDG_DATA_HOME": "/.local/share", "$XDG_CACHE_HOME": "/.cache",
            "$XDG_STATE_HOME": "/.local/state",
        ]
        if path == "~" || path.hasPrefix("~/") { return home + path.dropFirst() }
        if path == "$HOME" || path.hasPrefix("$HOME/") { return home + path.dropFirst(5) }
        for (variable, fallback) in defaults where path == variable || path.hasPrefix(variable + "/") {
            let value = environment(String(variable.dropFirst())) ?? home + fallback
            return value + path.dropFirst(variable.count)
        }
        return path
    }

    /// The absolute value of the environment variable `name`, if it has one.
    private static func environment(_ name: String) -> String? {
        getenv(name).map { String(cString: $0) }.flatMap { $0.hasPrefix("/") ? $0 : nil }
    }
}

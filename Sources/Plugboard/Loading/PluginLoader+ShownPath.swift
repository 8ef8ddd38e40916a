extension PluginLoader {
    /// `path` as Plugboard's messages show a file: whole, with each control character (a newline
    /// too) written as an escape such as `\u{A}`.
    ///
    /// Anyone who can put a file into a plugin directory chooses its name; shown this way, a name
    /// cannot add a line of its own to a report (a forged `✓`) or send a terminal escape
    /// sequences. ``PluginLoadError`` shows its paths so; a host that prints a path itself should
    /// too.
    ///
    /// - Parameter path: A file or directory path.
    /// - Returns: `path` itself when it holds no control character.
    ///
    /// ```swift
    /// PluginLoader.shown(path: "plugins/libBlog.so")    // "plugins/libBlog.so"
    /// PluginLoader.shown(path: "plugins/a\n✓ b.so")     // "plugins/a\\u{A}✓ b.so"
    /// ```
    public static func shown(path: String) -> String {
        path.escapingControlCharacters
    }
}

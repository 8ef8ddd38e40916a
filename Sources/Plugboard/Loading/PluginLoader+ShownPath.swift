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

    /// `path` as one word of a shell command, as the commands in Plugboard's messages (`run chmod
    /// go-w …`) write it: as it is when no shell treats any of its characters specially, in any
    /// place of a command, otherwise in single quotes; shown as ``shown(path:)`` shows it.
    ///
    /// - Parameter path: A file or directory path.
    /// - Returns: A word to paste into a shell.
    ///
    /// ```swift
    /// PluginLoader.shellWord(path: "plugins/libBlog.so")   // "plugins/libBlog.so"
    /// PluginLoader.shellWord(path: "my plugins/it's.so")   // "'my plugins/it'\\''s.so'"
    /// ```
    public static func shellWord(path: String) -> String {
        let shown = shown(path: path)
        let plain =
            !shown.isEmpty
            && shown.utf8.allSatisfy { byte in
                switch byte {
                case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
                    UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "/"), UInt8(ascii: "."), UInt8(ascii: "_"),
                    UInt8(ascii: "-"), UInt8(ascii: "+"), UInt8(ascii: ","), UInt8(ascii: ":"), UInt8(ascii: "@"),
                    UInt8(ascii: "%"):
                    true
                default:
                    false
                }
            }
        return plain
            ? shown
            : "'" + shown.split(separator: "'", omittingEmptySubsequences: false).joined(separator: #"'\''"#) + "'"
    }
}

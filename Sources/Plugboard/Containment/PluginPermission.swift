/// Something a plugin needs beyond its own code, declared in its manifest: files it reads or
/// writes, network connections, programs it starts, memory beyond the default. An isolated
/// plugin's process is confined to what it declared and the person granted (``PermissionGrants``);
/// with nothing declared it reads its own files and the runtime's libraries, and writes only a
/// private temporary directory and a data directory of its own (``PluginDirectories``).
///
/// Paths may start with `~`, `$HOME`, `$XDG_CONFIG_HOME`, `$XDG_DATA_HOME`, `$XDG_CACHE_HOME` or
/// `$XDG_STATE_HOME`, read from the host's environment. Each has a text form, `read ~/notes`, which
/// is also how a person grants it (`--grant 'Notes=read ~/notes'`).
///
/// ```swift
/// public enum NotesPlugin: Plugin {
///     public static let manifest = PluginManifest(
///         name: "Notes", version: "1.0.0",
///         permissions: [.read("~/notes"), .write("$XDG_DATA_HOME/notes"), .connect(host: "localhost", port: 8080)])
/// }
/// ```
public enum PluginPermission: Sendable, Hashable, Codable, CustomStringConvertible {
    /// Reads the file or directory at the path, and what is beneath it.
    ///
    /// ```swift
    /// PluginPermission.read("~/notes").description  // "read ~/notes"
    /// ```
    case read(String)
    /// Reads, writes, creates and removes the file or directory at the path, and what is beneath it.
    ///
    /// ```swift
    /// PluginPermission.write("$XDG_DATA_HOME/notes").description  // "write $XDG_DATA_HOME/notes"
    /// ```
    case write(String)
    /// Connects over TCP to `host` on `port`. The kernel enforces the port; the host part is
    /// shown to the person, not enforced.
    ///
    /// ```swift
    /// PluginPermission.connect(host: "localhost", port: 8080).description  // "connect localhost:8080"
    /// ```
    case connect(host: String, port: UInt16)
    /// Connects anywhere, over any protocol.
    ///
    /// ```swift
    /// PluginPermission.network.description  // "connect any"
    /// ```
    case network
    /// Starts the program at the path.
    ///
    /// ```swift
    /// PluginPermission.run("/usr/bin/git").description  // "run /usr/bin/git"
    /// ```
    case run(String)
    /// Uses up to this many mebibytes of data memory (beyond what its process holds before its
    /// plugins load), instead of the default (``defaultMemoryMegabytes``).
    ///
    /// ```swift
    /// PluginPermission.memory(megabytes: 2048).description  // "memory 2048 MiB"
    /// ```
    case memory(megabytes: Int)

    /// The data memory an isolated plugin's process may use when it declares no more.
    ///
    /// ```swift
    /// PluginPermission.defaultMemoryMegabytes  // 1024
    /// ```
    public static let defaultMemoryMegabytes = 1024

    /// The permission's text form, as a person reads and grants it: `read PATH`, `write PATH`,
    /// `connect HOST:PORT`, `connect any`, `run PATH`, `memory N MiB`.
    ///
    /// ```swift
    /// PluginPermission.run("/usr/bin/git").description  // "run /usr/bin/git"
    /// ```
    public var description: String {
        switch self {
        case .read(let path): "read \(path)"
        case .write(let path): "write \(path)"
        case .connect(let host, let port): "connect \(host):\(port)"
        case .network: "connect any"
        case .run(let path): "run \(path)"
        case .memory(let megabytes): "memory \(megabytes) MiB"
        }
    }

    /// The permission that `text` spells in its text form (``description``), or `nil` when it
    /// spells none: a path that is neither absolute nor starts with `~` or a variable, a port
    /// that is not 1–65535, a memory size that is not a positive number of MiB.
    ///
    /// ```swift
    /// PluginPermission(text: "connect localhost:8080")  // .connect(host: "localhost", port: 8080)
    /// ```
    public init?(text: String) {
        let parts = text.split(separator: " ", maxSplits: 1)
        guard parts.count == 2 else { return nil }
        let value = String(parts[1])
        switch parts[0] {
        case "read": self = .read(value)
        case "write": self = .write(value)
        case "run": self = .run(value)
        case "connect" where value == "any": self = .network
        case "connect":
            guard let colon = value.lastIndex(of: ":"), let port = UInt16(value[value.index(after: colon)...]),
                port > 0, colon > value.startIndex
            else { return nil }
            self = .connect(host: String(value[..<colon]), port: port)
        case "memory":
            guard value.hasSuffix(" MiB"), let megabytes = Int(value.dropLast(4)), megabytes > 0 else { return nil }
            self = .memory(megabytes: megabytes)
        default: return nil
        }
        switch self {
        case .read(let path), .write(let path), .run(let path):
            // Absolute, or from the home directory or an XDG directory.
            guard path.hasPrefix("/") || path == "~" || path.hasPrefix("~/") || path.hasPrefix("$") else { return nil }
        default: break
        }
    }

    /// Decodes the text form (``description``).
    ///
    /// ```swift
    /// try JSONDecoder().decode([PluginPermission].self, from: Data(#"["read ~/notes"]"#.utf8))
    /// ```
    public init(from decoder: any Decoder) throws {
        let text = try decoder.singleValueContainer().decode(String.self)
        guard let permission = PluginPermission(text: text) else {
            throw DecodingError.dataCorrupted(
                .init(codingPath: decoder.codingPath, debugDescription: "'\(text)' is no permission"))
        }
        self = permission
    }

    /// Encodes the text form (``description``).
    ///
    /// ```swift
    /// try JSONEncoder().encode([PluginPermission.network])  // ["connect any"]
    /// ```
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(description)
    }
}

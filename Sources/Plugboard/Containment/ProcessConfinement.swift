/// What an isolated plugin's process may do beyond running its code, as the host tells it in its
/// ``WireMessage/hello(version:files:confinement:)``: the paths it reads, writes and runs, the TCP
/// ports it connects to, whether it may use the network at all, and its memory. The process
/// confines itself to it before it loads its plugins (``PluginProcess``), adding what every
/// plugin process needs: its plugin files, the runtime's and the system's libraries, its data
/// and temporary directories (``PluginDirectories``).
///
/// ```swift
/// let confinement = ProcessConfinement(granted: [.read("~/notes")], plugins: ["Notes"])
/// confinement.reads  // ["/home/ann/notes"]
/// ```
public struct ProcessConfinement: Codable, Sendable, Hashable {
    /// The paths it reads, and what is beneath them, absolute.
    ///
    /// ```swift
    /// ProcessConfinement(granted: [.read("/srv/notes")], plugins: ["Notes"]).reads  // ["/srv/notes"]
    /// ```
    public var reads: [String]
    /// The paths it writes, creates and removes beneath, absolute: those granted and the data
    /// directory of each of its plugins.
    ///
    /// ```swift
    /// ProcessConfinement(granted: [], plugins: ["Notes"]).writes  // [PluginDirectories.data(of: "Notes")]
    /// ```
    public var writes: [String]
    /// The programs it starts, absolute.
    ///
    /// ```swift
    /// ProcessConfinement(granted: [.run("/usr/bin/git")], plugins: ["Notes"]).runs  // ["/usr/bin/git"]
    /// ```
    public var runs: [String]
    /// The TCP ports it connects to, when ``network`` is false and it may connect at all.
    ///
    /// ```swift
    /// ProcessConfinement(granted: [.connect(host: "localhost", port: 8080)], plugins: ["Notes"]).ports  // [8080]
    /// ```
    public var ports: [UInt16]
    /// Whether it connects anywhere, over any protocol (``PluginPermission/network``).
    ///
    /// ```swift
    /// ProcessConfinement(granted: [.network], plugins: ["Notes"]).network  // true
    /// ```
    public var network: Bool
    /// The data memory it may use, in mebibytes.
    ///
    /// ```swift
    /// ProcessConfinement(granted: [], plugins: ["Notes"]).memoryMegabytes  // 1024
    /// ```
    public var memoryMegabytes: Int
}

// In an extension, so that the struct keeps its memberwise initializer (the wire's reader's).
extension ProcessConfinement {
    /// The confinement of a process that serves `plugins` with the permissions `granted` (the
    /// union of what each declared, each granted), paths expanded in this process's environment
    /// (``PluginPermission``).
    /// - Parameters:
    ///   - granted: What the plugins may do beyond the defaults.
    ///   - plugins: The names of the plugins the process serves: each gets its data directory.
    ///
    /// ```swift
    /// let confinement = ProcessConfinement(granted: [.network, .memory(megabytes: 2048)], plugins: ["Feeds"])
    /// ```
    public init(granted: [PluginPermission], plugins: [String]) {
        self.init(
            reads: [], writes: plugins.map(PluginDirectories.data(of:)), runs: [], ports: [], network: false,
            memoryMegabytes: PluginPermission.defaultMemoryMegabytes)
        for permission in granted {
            switch permission {
            case .read(let path): reads.append(PluginDirectories.expanded(path))
            case .write(let path): writes.append(PluginDirectories.expanded(path))
            case .run(let path): runs.append(PluginDirectories.expanded(path))
            case .connect(_, let port): ports.append(port)
            case .network: network = true
            case .memory(let megabytes): memoryMegabytes = max(memoryMegabytes, megabytes)
            }
        }
    }
}

extension ProcessConfinement {
    /// Whether the process may connect anywhere: to any host (``network``) or to a declared port.
    ///
    /// ```swift
    /// ProcessConfinement(granted: [.connect(host: "localhost", port: 8080)], plugins: ["Notes"]).mayConnect  // true
    /// ```
    public var mayConnect: Bool {
        network || !ports.isEmpty
    }
}

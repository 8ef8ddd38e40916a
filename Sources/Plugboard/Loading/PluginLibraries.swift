/// The plugin libraries that the plugins of one loading call may link: the soname of each plugin
/// loaded before, and of each file checked earlier in the call, with its plugin's name once that is
/// known (from a sealed manifest or declarations read before `dlopen`, or once it is registered).
///
/// A soname names one image in the whole process — the dynamic linker binds every link of that
/// name to the first image mapped with it — so the first file with a soname keeps it.
struct PluginLibraries {
    private struct Owner {
        var plugin: String?
        var registered: Bool
    }

    private var owners: [String: Owner] = [:]

    /// The libraries of `plugins`, loaded before the call.
    init(loaded plugins: [LoadedPlugin]) {
        for plugin in plugins {
            if let soname = plugin.soname { owners[soname] = Owner(plugin: plugin.manifest.name, registered: true) }
        }
    }

    /// Whether `library` is a plugin library (`nil` when it is not) and, when known, whose.
    func owner(of library: String) -> String?? {
        owners[library].map(\.plugin)
    }

    /// Records `soname` as the library of a file that passed its checks, of `plugin` (`nil` while
    /// its name is not known), unless a file before it has that soname.
    mutating func checked(_ soname: String?, plugin: String?) {
        if let soname, owners[soname] == nil { owners[soname] = Owner(plugin: plugin, registered: false) }
    }

    /// Records that `plugin`, whose library is `soname`, was registered.
    mutating func registered(_ soname: String?, plugin: String) {
        if let soname, owners[soname]?.registered != true { owners[soname] = Owner(plugin: plugin, registered: true) }
    }

    /// Forgets `soname` when the file that claimed it was refused: no plugin may bind to it. A
    /// plugin registered with it keeps it (a second copy of that plugin refused leaves it alone).
    mutating func refused(_ soname: String?) {
        if let soname, owners[soname]?.registered == false { owners[soname] = nil }
    }
}

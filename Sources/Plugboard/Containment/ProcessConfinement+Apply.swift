internal import CPlugboard
internal import Glibc

extension ProcessConfinement {
    /// Confines this process, which is to load the plugin `files`, to this confinement, in every
    /// thread, before any of their code runs: as a plugin process does once told its plugins, and
    /// as a host's child that loads an unsealed plugin only to read what it declares may. What the
    /// kernel does not offer (``KernelConfinement``) is left out, as the host says. Its private
    /// temporary directory is its `TMPDIR` from then on; whoever reaps the process removes it
    /// (``PluginDirectories/removeTemporary(ofProcess:)``).
    /// - Throws: ``ConfinementError`` saying what could not be confined; the process must then not
    ///   load the plugins.
    ///
    /// ```swift
    /// try ProcessConfinement(granted: [], plugins: []).confineThisProcess(reading: ["plugins/libNotes.so"])
    /// ```
    public func confineThisProcess(reading files: [String]) throws(ConfinementError) {
        if let failure = apply(files: files) { throw ConfinementError(reason: failure) }
    }

    /// Confines this process as ``confineThisProcess(reading:)`` says; returns why it could not, or `nil`.
    private func apply(files: [String]) -> String? {
        for directory in writes where directory.hasPrefix(PluginDirectories.data(of: "")) {
            Self.makeDirectory(directory)
        }
        let temporary = PluginDirectories.temporary(ofProcess: pb_outer_process_id())
        Self.makeDirectory(temporary)
        // Under a directory of the user's own, not one another user made there first.
        var status = stat()
        let parent = String(temporary[..<temporary.lastIndex(of: "/")!])
        guard lstat(parent, &status) == 0, status.st_mode & S_IFMT == S_IFDIR, status.st_uid == getuid(),
            status.st_mode & 0o077 == 0
        else {
            return "its temporary directory's parent, \(parent), is not a directory of its user's own, closed to others"
        }
        setenv("TMPDIR", temporary, 1)
        // Its plugins' data memory, beyond what the process holds now (the runtime's, and a
        // sanitizer's shadow memory in a sanitized build).
        let megabytes = UInt64(clamping: memoryMegabytes)
        for (resource, limit) in [(RLIMIT_DATA, pb_data_memory() + (megabytes << 20)), (RLIMIT_CORE, 0)] {
            let failed = pb_limit_resource(Int32(resource.rawValue), limit)
            if failed != 0 { return "its limit \(resource) could not be set: \(Self.reason(failed))" }
        }
        let kernel = KernelConfinement.processLayers
        let ahead = PreparedConfinement.take(handlingTCP: !network)
        if ahead.filtered && mayConnect {
            if let ruleset = ahead.ruleset { close(ruleset) }
            return "its process was prepared for plugins that connect nowhere, and its plugins may connect"
        }
        if kernel.landlock > 0,
            let failure = restrict(files: files, temporary: temporary, abi: kernel.landlock, prepared: ahead.ruleset)
        {
            return failure
        }
        if kernel.seccomp && !ahead.filtered {
            let failed = pb_seccomp_confine(mayConnect)
            if failed != 0 { return "its system calls could not be filtered: \(Self.reason(failed))" }
        }
        return nil
    }

    /// Restricts, with Landlock's `abi`, the files this process reads, writes and runs, and the
    /// TCP ports it connects to, completing the ruleset `prepared` ahead with the shared rules
    /// (``PreparedConfinement``), or one of its own; returns why it could not, or `nil`.
    private func restrict(files: [String], temporary: String, abi: Int32, prepared: Int32?) -> String? {
        let ruleset = prepared ?? pb_landlock_ruleset(abi, !network)
        guard ruleset >= 0 else { return "its Landlock ruleset could not be made: \(Self.reason(-ruleset))" }
        defer { close(ruleset) }
        let shared = prepared == nil ? Self.sharedRules(temporary: temporary) : []
        if let failure = Self.allow(shared + ownRules(files: files), in: ruleset, abi: abi) { return failure }
        if !network {
            for port in ports {
                let failed = pb_landlock_allow_port(ruleset, port)
                if failed != 0 { return "its connections to port \(port) could not be allowed: \(Self.reason(failed))" }
            }
        }
        let failed = pb_landlock_restrict_all_threads(ruleset, 2_000)
        if failed == ETIMEDOUT { return "a thread of its process did not take its Landlock ruleset" }
        if failed != 0 { return "its Landlock ruleset could not be applied: \(Self.reason(failed))" }
        return nil
    }

    /// Allows each of `rules` in `ruleset`; returns why one could not be, or `nil`.
    static func allow(_ rules: [(path: String, uses: Int32)], in ruleset: Int32, abi: Int32) -> String? {
        for (path, uses) in rules {
            let failed = pb_landlock_allow_path(ruleset, abi, path, uses)
            // A path that is not there is not reachable: nothing to allow.
            if failed != 0 && failed != ENOENT && failed != ENOTDIR {
                return "its access to \(path) could not be allowed: \(Self.reason(failed))"
            }
        }
        return nil
    }

    /// The paths every plugin process may use, each with how (`PB_USE_*`): the system's files,
    /// the runtime's, its executable, its `temporary` directory, and the programs a trap starts.
    static func sharedRules(temporary: String) -> [(path: String, uses: Int32)] {
        let objects = LoadedObjects.paths
        let runtime = Set(objects.map { String($0[..<($0.lastIndex(of: "/") ?? $0.endIndex)]) }).sorted()
        // The Swift runtime's backtracer, which a trap starts, is dynamically linked, so the
        // dynamic loader runs too: it could start any program the process reads (not those of
        // /usr/bin: ``systemReads``), confined as the process is.
        let programs = [LoadedObjects.backtracer, LoadedObjects.dynamicLoader].compactMap { $0 }
        return (systemReads + runtime + [executable()]).map { ($0, PB_USE_READ) }
            + (systemWrites + [temporary]).map { ($0, PB_USE_WRITE) } + programs.map { ($0, PB_USE_EXECUTE) }
    }

    /// The paths this confinement's plugins may use beyond the shared ones: their `files`, and
    /// what they read, write and run.
    private func ownRules(files: [String]) -> [(path: String, uses: Int32)] {
        (files + reads).map { ($0, PB_USE_READ) } + writes.map { ($0, PB_USE_WRITE) }
            + runs.map { ($0, PB_USE_EXECUTE) }
    }

    /// What every plugin process reads of the system: its libraries and shared data (not its
    /// programs, which the dynamic loader could then start), the name service's and time zone's
    /// configuration, certificates, `/proc` and the processors' description.
    private static let systemReads = [
        "/usr/lib", "/usr/lib64", "/usr/lib32", "/usr/share", "/lib", "/lib64", "/lib32", "/etc/ld.so.cache",
        "/etc/localtime", "/etc/nsswitch.conf", "/etc/hosts",
        "/etc/host.conf", "/etc/resolv.conf", "/etc/gai.conf", "/etc/services", "/etc/protocols", "/etc/passwd",
        "/etc/group", "/etc/ssl", "/etc/ca-certificates", "/proc", "/sys/devices/system/cpu", "/dev/urandom",
        "/dev/random", "/dev/zero",
    ]

    /// What every plugin process writes of the system.
    private static let systemWrites = ["/dev/null"]

    /// This process's executable.
    private static func executable() -> String {
        var path = [CChar](repeating: 0, count: Int(PATH_MAX))
        let count = readlink("/proc/self/exe", &path, path.count)
        guard count > 0 else { return "/proc/self/exe" }
        return String(decoding: path.prefix(count).map(UInt8.init(bitPattern:)), as: UTF8.self)
    }

    /// Creates `path` and its missing parents, readable by the owner only.
    static func makeDirectory(_ path: String) {
        var built = ""
        for component in path.split(separator: "/") {
            built += "/" + component
            mkdir(built, 0o700)
        }
    }

    /// The system's text for the error `code`.
    static func reason(_ code: Int32) -> String {
        String(cString: strerror(code))
    }
}

internal import CPlugboard
internal import Glibc
internal import PlugboardReactive

/// What a plugin process prepared ahead does of its confinement before it is told its plugins: the
/// part every plugin's confinement shares, so that a first use pays only for what depends on its
/// plugins. It builds the Landlock ruleset with the rules every process has (the system's files,
/// the runtime's, its executable, its private temporary directory, the programs a trap starts),
/// which ``ProcessConfinement/confineThisProcess(reading:)`` completes with its plugins' rules and
/// applies; and, in a process the host started to serve only plugins that may not connect anywhere
/// (``servesNoNetwork`` in its environment), it applies the seccomp filter at once, in every
/// thread: stricter early, never looser.
enum PreparedConfinement {
    /// The environment variable the host sets to `1` in a process it starts to serve only plugins
    /// that may not connect anywhere.
    static let servesNoNetwork = "PLUGBOARD_SERVES_NO_NETWORK"

    /// The ruleset built ahead, and whether the seccomp filter was applied ahead.
    private static let prepared = PosixMutex<(ruleset: Int32?, filtered: Bool)>((nil, false))

    /// Builds the shared ruleset and, in a process that serves no network, applies the filter;
    /// what cannot be done is left to the confinement, which then does all of it.
    static func prepare() {
        let kernel = KernelConfinement.processLayers
        let temporary = PluginDirectories.temporary(ofProcess: pb_outer_process_id())
        ProcessConfinement.makeDirectory(temporary)
        var ruleset: Int32?
        if kernel.landlock > 0 {
            let built = pb_landlock_ruleset(kernel.landlock, true)
            if built >= 0 {
                ruleset = built
                if ProcessConfinement.allow(
                    ProcessConfinement.sharedRules(temporary: temporary), in: built, abi: kernel.landlock)
                    != nil
                {
                    close(built)
                    ruleset = nil
                }
            }
        }
        let filtered =
            kernel.seccomp && getenv(servesNoNetwork).map { String(cString: $0) } == "1"
            && pb_seccomp_confine(false) == 0
        prepared.withLock { $0 = (ruleset, filtered) }
    }

    /// The ruleset built ahead, for a confinement that handles TCP (one that may not connect
    /// anywhere, or only to its ports), and whether the filter was applied ahead; each once.
    static func take(handlingTCP: Bool) -> (ruleset: Int32?, filtered: Bool) {
        let (ruleset, filtered) = prepared.withLock { prepared in
            defer { prepared = (nil, prepared.filtered) }
            return prepared
        }
        if let ruleset, !handlingTCP {
            close(ruleset)
            return (nil, filtered)
        }
        return (ruleset, filtered)
    }
}

internal import CPlugboard

/// What this machine's kernel lets a plugin process confine itself with: Landlock (files,
/// programs; TCP ports from ABI 4; signals and abstract sockets of other processes from ABI 6),
/// seccomp filters (system calls, sockets), process namespaces (what it starts ends with it) and
/// network namespaces (a plugin that may not connect anywhere has no network to reach).
///
/// ```swift
/// for missing in KernelConfinement.current.unenforced { print("not enforced: \(missing)") }
/// ```
public struct KernelConfinement: Sendable, Hashable {
    /// The Landlock ABI version the kernel offers, 0 when it offers none.
    ///
    /// ```swift
    /// KernelConfinement.current.landlock  // 7 on Linux 6.15 and later
    /// ```
    public let landlock: Int32
    /// Whether the kernel takes seccomp filters.
    ///
    /// ```swift
    /// KernelConfinement.current.seccomp  // true
    /// ```
    public let seccomp: Bool
    /// Whether a plugin process starts in a process namespace of its own, whose processes the
    /// kernel ends when it ends: the kernel lets this user create one.
    ///
    /// ```swift
    /// KernelConfinement.current.processNamespaces  // true where user namespaces are allowed
    /// ```
    public let processNamespaces: Bool
    /// Whether a plugin process that may not connect anywhere (it declares no network) starts in a
    /// network namespace of its own, with no interface but a loopback that is down: the kernel
    /// lets this user create one beside its process namespace.
    ///
    /// ```swift
    /// KernelConfinement.current.networkNamespaces  // true where user namespaces are allowed
    /// ```
    public let networkNamespaces: Bool

    /// What a kernel offers: its Landlock ABI (0 for none), whether it takes seccomp filters, and
    /// whether this user may start a process in process and network namespaces of its own.
    ///
    /// ```swift
    /// let old = KernelConfinement(landlock: 3, seccomp: true)
    /// print(old.unenforced)
    /// ```
    public init(landlock: Int32, seccomp: Bool, processNamespaces: Bool = true, networkNamespaces: Bool = true) {
        self.landlock = landlock
        self.seccomp = seccomp
        self.processNamespaces = processNamespaces
        self.networkNamespaces = processNamespaces && networkNamespaces
    }

    /// What this machine's kernel offers, read once.
    ///
    /// ```swift
    /// let kernel = KernelConfinement.current
    /// ```
    public static let current: KernelConfinement = {
        // One process started learns both where network namespaces are allowed, as they mostly are.
        let network = pb_process_namespaces_available(true)
        return KernelConfinement(
            landlock: processLayers.landlock, seccomp: processLayers.seccomp,
            processNamespaces: network || pb_process_namespaces_available(false), networkNamespaces: network)
    }()

    /// The layers a process confines itself with, read once: Landlock's ABI and whether seccomp
    /// filters are taken. A plugin process reads these alone; whether process namespaces may be
    /// made, which only the host needs, costs the start of a process to learn.
    static let processLayers = (landlock: pb_landlock_abi(), seccomp: pb_seccomp_available())

    /// What a plugin's permissions cannot be enforced on, here, each saying why; empty when all
    /// of them can.
    ///
    /// ```swift
    /// KernelConfinement.current.unenforced  // [] on Linux 6.15 and later
    /// ```
    public var unenforced: [String] {
        var missing: [String] = []
        if landlock == 0 {
            missing.append("files and programs (the kernel offers no Landlock)")
        } else {
            if landlock < 4 { missing.append("TCP ports (Landlock ABI \(landlock) has no network rules)") }
            if landlock < 6 {
                missing.append(
                    "signals and abstract sockets of other processes (Landlock ABI \(landlock) has no scopes)")
            }
        }
        if !seccomp { missing.append("system calls and sockets (the kernel takes no seccomp filter)") }
        if !processNamespaces {
            missing.append(
                "the end of what a plugin starts when its process is killed (this user may not create process "
                    + "namespaces)")
        }
        if !networkNamespaces {
            missing.append(
                "a network of its own for a plugin that declares none (this user may not create network "
                    + "namespaces)")
        }
        return missing
    }
}

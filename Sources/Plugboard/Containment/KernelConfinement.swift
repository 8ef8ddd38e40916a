internal import CPlugboard

/// What this machine's kernel lets a plugin process confine itself with: Landlock (files,
/// programs; TCP ports from ABI 4; signals and abstract sockets of other processes from ABI 6),
/// seccomp filters (system calls, sockets), and process namespaces (what it starts ends with it).
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

    /// What a kernel offers: its Landlock ABI (0 for none), whether it takes seccomp filters, and
    /// whether this user may start a process in a process namespace of its own.
    ///
    /// ```swift
    /// let old = KernelConfinement(landlock: 3, seccomp: true)
    /// print(old.unenforced)
    /// ```
    public init(landlock: Int32, seccomp: Bool, processNamespaces: Bool = true) {
        self.landlock = landlock
        self.seccomp = seccomp
        self.processNamespaces = processNamespaces
    }

    /// What this machine's kernel offers, read once.
    ///
    /// ```swift
    /// let kernel = KernelConfinement.current
    /// ```
    public static let current = KernelConfinement(
        landlock: processLayers.landlock, seccomp: processLayers.seccomp,
        processNamespaces: pb_process_namespaces_available())

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
        return missing
    }
}

internal import CPlugboard

/// What this machine's kernel lets a plugin process confine itself with: Landlock (files,
/// programs; TCP ports from ABI 4; signals and abstract sockets of other processes from ABI 6) and
/// seccomp filters (system calls, sockets).
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

    /// What this machine's kernel offers, read once.
    ///
    /// ```swift
    /// let kernel = KernelConfinement.current
    /// ```
    public static let current = KernelConfinement(
        landlock: pb_landlock_abi(), seccomp: pb_seccomp_available())

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
        return missing
    }
}

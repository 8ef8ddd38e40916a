public import CPlugboard

/// Identifies the build of the Plugboard runtime and the Swift toolchain code was compiled with.
///
/// The runtime is not built with library evolution, so a plugin works only with the runtime
/// build it was compiled against: a public type whose stored properties changed has another
/// layout, and a plugin compiled against the old one would crash the host. A plugin's fingerprint
/// is fixed when the plugin is compiled (``compiledIn`` is emitted into the plugin's own binary):
/// the runtime's version with a digest of the runtime's interface as its build metadata
/// (`plugboard-runtime 0.1.0+src.87e012007e3792d8`: its declarations, stored properties and C
/// headers without comments or function bodies; the same in any build directory, another whenever
/// a change makes the compiler rebuild the code that uses the runtime), and the toolchain's
/// compiler identity. The
/// loader compares it with the running runtime's ``current`` fingerprint and refuses a plugin
/// whose fingerprint differs, before any of its code runs when the plugin is sealed.
///
/// ```swift
/// print(RuntimeFingerprint.current)  // plugboard-runtime 0.1.0+src.87e012007e3792d8 built with …
/// ```
public struct RuntimeFingerprint: Sendable, Hashable, CustomStringConvertible {
    /// The Plugboard runtime version and, as its build metadata, the digest of the runtime's
    /// interface, for example `plugboard-runtime 0.1.0+src.87e012007e3792d8`.
    ///
    /// ```swift
    /// RuntimeFingerprint.current.runtimeVersion  // "plugboard-runtime 0.1.0+src.87e012007e3792d8"
    /// ```
    public let runtimeVersion: String
    /// The compiler identity of the toolchain, including its source revision.
    ///
    /// ```swift
    /// RuntimeFingerprint.current.toolchain  // "Clang 21.0.0 (https://github.com/swiftlang/llvm-project.git …)"
    /// ```
    public let toolchain: String

    /// Creates a fingerprint from its parts.
    /// - Parameters:
    ///   - runtimeVersion: The Plugboard runtime version.
    ///   - toolchain: The toolchain's compiler identity.
    ///
    /// ```swift
    /// let fingerprint = RuntimeFingerprint(runtimeVersion: "plugboard-runtime 0.1.0", toolchain: "test toolchain")
    /// ```
    public init(runtimeVersion: String, toolchain: String) {
        self.runtimeVersion = runtimeVersion
        self.toolchain = toolchain
    }

    /// The fingerprint of the code that calls this, fixed when that code is compiled.
    ///
    /// ```swift
    /// let mine = RuntimeFingerprint.compiledIn  // fixed when this line was compiled
    /// ```
    @_alwaysEmitIntoClient
    public static var compiledIn: RuntimeFingerprint {
        RuntimeFingerprint(
            runtimeVersion: "plugboard-runtime \(version)+src.\(interfaceDigest)",
            toolchain: String(cString: pb_toolchain_identity())
        )
    }

    /// The Plugboard runtime's version.
    ///
    /// ```swift
    /// RuntimeFingerprint.version  // "0.1.0"
    /// ```
    @_alwaysEmitIntoClient
    public static var version: String { "0.1.0" }

    /// The Swift compiler that built this runtime, as `swiftc --version` names it; a plugin must be
    /// built with it.
    ///
    /// ```swift
    /// RuntimeFingerprint.compiler  // "Swift version 6.3.1 (swift-6.3.1-RELEASE)"
    /// ```
    public static var compiler: String { swiftCompiler }

    /// The fingerprint of the runtime running in this process.
    ///
    /// ```swift
    /// if plugin.manifest.fingerprint != .current { print("rebuild the plugin") }
    /// ```
    public static let current: RuntimeFingerprint = compiledIn

    /// `plugboard-runtime 0.1.0+src.87e012007e3792d8 built with Clang 21.0.0 (…)`.
    ///
    /// ```swift
    /// RuntimeFingerprint.current.description
    /// ```
    public var description: String {
        "\(runtimeVersion) built with \(toolchain)"
    }
}

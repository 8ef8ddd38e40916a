public import CPlugboard

/// Identifies the Plugboard runtime version and the Swift toolchain code was compiled with.
///
/// Swift has no stable library ABI on Linux, so a plugin must be built with the same toolchain
/// against the same runtime version as the host that loads it. A plugin's fingerprint is fixed
/// when the plugin is compiled (``compiledIn`` is emitted into the plugin's own binary); the
/// loader compares it with the running runtime's ``current`` fingerprint.
///
/// ```swift
/// print(RuntimeFingerprint.current)  // plugboard-runtime 0.1.0 built with …
/// ```
public struct RuntimeFingerprint: Sendable, Hashable, CustomStringConvertible {
    /// The Plugboard runtime version, for example `plugboard-runtime 0.1.0`.
    ///
    /// ```swift
    /// RuntimeFingerprint.current.runtimeVersion  // "plugboard-runtime 0.1.0"
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
            runtimeVersion: "plugboard-runtime 0.1.0",
            toolchain: String(cString: pb_toolchain_identity())
        )
    }

    /// The fingerprint of the runtime running in this process.
    ///
    /// ```swift
    /// if plugin.manifest.fingerprint != .current { print("rebuild the plugin") }
    /// ```
    public static let current: RuntimeFingerprint = compiledIn

    /// `plugboard-runtime 0.1.0 built with Clang 21.0.0 (…)`.
    ///
    /// ```swift
    /// RuntimeFingerprint.current.description
    /// ```
    public var description: String {
        "\(runtimeVersion) built with \(toolchain)"
    }
}

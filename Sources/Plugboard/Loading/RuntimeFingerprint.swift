public import CPlugboard

/// Identifies the Plugboard runtime version and the Swift toolchain code was compiled with.
///
/// Swift has no stable library ABI on Linux, so a plugin must be built with the same toolchain
/// against the same runtime version as the host that loads it. A plugin's fingerprint is fixed
/// when the plugin is compiled (``compiledIn`` is emitted into the plugin's own binary); the
/// loader compares it with the running runtime's ``current`` fingerprint.
public struct RuntimeFingerprint: Sendable, Hashable, CustomStringConvertible {
    /// The Plugboard runtime version, for example `0.1.0`.
    public let runtimeVersion: String
    /// The compiler identity of the toolchain, including its source revision.
    public let toolchain: String

    /// Creates a fingerprint from its parts.
    /// - Parameters:
    ///   - runtimeVersion: The Plugboard runtime version.
    ///   - toolchain: The toolchain's compiler identity.
    public init(runtimeVersion: String, toolchain: String) {
        self.runtimeVersion = runtimeVersion
        self.toolchain = toolchain
    }

    /// The fingerprint of the code that calls this, fixed when that code is compiled.
    @_alwaysEmitIntoClient
    public static var compiledIn: RuntimeFingerprint {
        RuntimeFingerprint(
            runtimeVersion: "plugboard-runtime 0.1.0",
            toolchain: String(cString: pb_toolchain_identity())
        )
    }

    /// The fingerprint of the runtime running in this process.
    public static let current: RuntimeFingerprint = compiledIn

    /// `plugboard-runtime 0.1.0 built with Clang 21.0.0 (…)`.
    public var description: String {
        "\(runtimeVersion) built with \(toolchain)"
    }
}

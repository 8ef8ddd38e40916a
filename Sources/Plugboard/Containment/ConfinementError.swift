/// Why a process could not confine itself (``ProcessConfinement/confineThisProcess(reading:)``):
/// it then loads no plugin.
///
/// ```swift
/// do { try confinement.confineThisProcess(reading: files) } catch { print(error) }
/// ```
public struct ConfinementError: Error, Sendable, Hashable, CustomStringConvertible {
    /// What could not be confined, and the system's error.
    ///
    /// ```swift
    /// error.reason  // "a thread of its process did not take its Landlock ruleset"
    /// ```
    public let reason: String

    /// The reason, after what failed.
    ///
    /// ```swift
    /// print(error)  // its process could not be confined: …
    /// ```
    public var description: String { "its process could not be confined: \(reason)" }
}

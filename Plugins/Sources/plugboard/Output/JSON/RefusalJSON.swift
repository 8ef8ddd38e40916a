import Plugboard

/// Why resolution refused a plugin file, as scripts read it: the file, its plugin and version, a
/// code for the kind of refusal, the reason in words, and the root cause when another plugin's
/// refusal is the cause.
struct RefusalJSON: Encodable {
    let file: String
    let plugin: String
    let version: String
    /// `refused-file`, `invalid-manifest`, `missing-dependency`, `outside-range`, `conflict`,
    /// `dependency-refused`, `cycle` or `other-version-chosen`.
    let code: String
    let reason: String
    /// The refusal at the root of a `dependency-refused` chain.
    let rootCause: Cause?

    struct Cause: Encodable {
        let file: String
        let plugin: String
        let code: String
        let reason: String
    }

    init(_ refusal: PluginRefusal) {
        file = refusal.candidate.path
        plugin = refusal.candidate.name
        version = refusal.candidate.version
        code = Self.code(of: refusal.reason)
        reason = refusal.explanation
        let root = refusal.rootCause
        rootCause =
            root.candidate == refusal.candidate
            ? nil
            : Cause(
                file: root.candidate.path, plugin: root.candidate.name, code: Self.code(of: root.reason),
                reason: root.explanation)
    }

    private static func code(of reason: PluginRefusal.Reason) -> String {
        switch reason {
        case .refusedFile: "refused-file"
        case .invalidManifest: "invalid-manifest"
        case .missingDependency: "missing-dependency"
        case .outsideRange: "outside-range"
        case .conflict: "conflict"
        case .dependencyRefused: "dependency-refused"
        case .cycle: "cycle"
        case .otherVersionChosen: "other-version-chosen"
        }
    }
}

/// The versions of a plugin that a dependency accepts, written as SwiftPM writes package
/// requirements: from a version up to the next major (`from:`), up to the next minor, exactly one
/// version, or a half-open range (`"1.0.0"..<"3.0.0"`).
///
/// ```swift
/// PluginManifest(name: "Blog", version: "2.1.0", dependencies: [
///     .plugin("Account", from: "1.2.0"),                               // 1.2.0 ..< 2.0.0
///     .plugin("Analytics", "1.0.0"..<"3.0.0", optional: true),
///     .plugin("Markdown", .upToNextMinor(from: "0.4.1")),              // 0.4.1 ..< 0.5.0
///     .plugin("Theme", exact: "3.1.4"),
/// ])
/// ```
///
/// The bounds are kept as written and checked when the population is resolved: a bound that is no
/// Semantic Versioning 2.0.0 version, or a range that holds no version (`"3.0.0"..<"1.0.0"`), makes
/// the plugin that declares it refused with the reason, and never stops the host, where the
/// standard library's `Range` would trap.
///
/// **Pre-releases.** A release version satisfies a range when it lies between the bounds. A
/// pre-release version (`2.0.0-beta.1`) satisfies it only if it lies between the bounds and one of
/// the bounds is a pre-release of the same `MAJOR.MINOR.PATCH`: someone who asks for
/// `"2.0.0-beta.1"..<"3.0.0"` accepts `2.0.0-beta.2`, while `from: "1.2.0"` accepts no
/// pre-release at all, not even `2.0.0-rc.1`, which precedes `2.0.0`.
public struct VersionRange: Sendable, Hashable, CustomStringConvertible {
    /// The lowest version accepted, as written.
    ///
    /// ```swift
    /// VersionRange.upToNextMajor(from: "1.2.0").lowerBound  // "1.2.0"
    /// ```
    public let lowerBound: String
    /// The first version past the range, as written; `nil` when the range is one version exactly.
    ///
    /// ```swift
    /// VersionRange.upToNextMajor(from: "1.2.0").upperBound  // "2.0.0"
    /// ```
    public let upperBound: String?

    /// The versions from `version` up to, not including, the next major version.
    ///
    /// ```swift
    /// VersionRange.upToNextMajor(from: "1.2.0").description  // ">=1.2.0 <2.0.0"
    /// ```
    /// - Parameter version: The lowest version accepted.
    /// - Returns: The range; a `version` that is no version is refused at resolution.
    public static func upToNextMajor(from version: String) -> VersionRange {
        VersionRange(lowerBound: version, upperBound: SemanticVersion(version).map { "\($0.major &+ 1).0.0" } ?? "")
    }

    /// The versions from `version` up to, not including, the next minor version.
    ///
    /// ```swift
    /// VersionRange.upToNextMinor(from: "0.4.1").description  // ">=0.4.1 <0.5.0"
    /// ```
    /// - Parameter version: The lowest version accepted.
    /// - Returns: The range; a `version` that is no version is refused at resolution.
    public static func upToNextMinor(from version: String) -> VersionRange {
        VersionRange(
            lowerBound: version, upperBound: SemanticVersion(version).map { "\($0.major).\($0.minor &+ 1).0" } ?? "")
    }

    /// Exactly `version` (build metadata aside).
    ///
    /// ```swift
    /// VersionRange.exactly("3.1.4").description  // "=3.1.4"
    /// ```
    /// - Parameter version: The one version accepted.
    /// - Returns: The range.
    public static func exactly(_ version: String) -> VersionRange {
        VersionRange(lowerBound: version, upperBound: nil)
    }

    /// The versions from `lower` up to, not including, `upper`: the half-open range written
    /// `"1.0.0"..<"3.0.0"`.
    ///
    /// ```swift
    /// VersionRange(lowerBound: "1.0.0", upperBound: "3.0.0").description  // ">=1.0.0 <3.0.0"
    /// ```
    /// - Parameters:
    ///   - lowerBound: The lowest version accepted.
    ///   - upperBound: The first version past the range, or `nil` for `lowerBound` exactly.
    public init(lowerBound: String, upperBound: String?) {
        self.lowerBound = lowerBound
        self.upperBound = upperBound
    }

    /// `>=1.2.0 <2.0.0`, or `=3.1.4` for one version.
    ///
    /// ```swift
    /// print(VersionRange.upToNextMajor(from: "1.2.0"))  // >=1.2.0 <2.0.0
    /// ```
    public var description: String {
        upperBound.map { ">=\(lowerBound) <\($0)" } ?? "=\(lowerBound)"
    }

    /// Why the range cannot be used, or `nil`: a bound that is no version, or no version inside.
    ///
    /// ```swift
    /// VersionRange(lowerBound: "3.0.0", upperBound: "1.0.0").problem  // "the range >=3.0.0 <1.0.0 holds no version"
    /// ```
    public var problem: String? {
        guard let lower = SemanticVersion(lowerBound) else {
            return "'\(lowerBound)' is not a semantic version (such as 1.4.0 or 2.0.0-beta.1)"
        }
        guard let upperBound else { return nil }
        guard let upper = SemanticVersion(upperBound) else {
            return "'\(upperBound)' is not a semantic version (such as 1.4.0 or 2.0.0-beta.1)"
        }
        return lower < upper ? nil : "the range \(self) holds no version"
    }

    /// Whether `version` satisfies the range, pre-releases as the type's documentation says;
    /// `false` when the range has a ``problem``.
    ///
    /// ```swift
    /// VersionRange.upToNextMajor(from: "1.2.0").contains(SemanticVersion("1.9.3")!)  // true
    /// ```
    /// - Parameter version: A version of the plugin depended on.
    /// - Returns: Whether it is accepted.
    public func contains(_ version: SemanticVersion) -> Bool {
        parsed?.contains(version) ?? false
    }

    /// The bounds as versions, or `nil` when the range has a ``problem``.
    var parsed: Bounds? {
        guard let lower = SemanticVersion(lowerBound) else { return nil }
        guard let upperBound else { return Bounds(lower: lower, upper: nil) }
        guard let upper = SemanticVersion(upperBound), lower < upper else { return nil }
        return Bounds(lower: lower, upper: upper)
    }

    /// A range's bounds, parsed once: what resolution tests versions against.
    struct Bounds: Hashable {
        let lower: SemanticVersion
        /// `nil` for one version exactly.
        let upper: SemanticVersion?

        /// Whether `version` satisfies the range, pre-releases as ``VersionRange`` says.
        func contains(_ version: SemanticVersion) -> Bool {
            guard let upper else { return version == lower }
            guard lower <= version && version < upper else { return false }
            guard version.isPrerelease else { return true }
            func sameRelease(_ bound: SemanticVersion) -> Bool {
                bound.isPrerelease
                    && (bound.major, bound.minor, bound.patch) == (version.major, version.minor, version.patch)
            }
            return sameRelease(lower) || sameRelease(upper)
        }
    }
}

/// A version as written in a dependency's half-open range, so that `"1.0.0"..<"3.0.0"` makes a
/// ``VersionRange`` rather than a `Range<String>`, which would trap on `"3.0.0"..<"1.0.0"`.
///
/// ```swift
/// let range: VersionRange = "1.0.0"..<"3.0.0"
/// ```
public struct VersionBound: Sendable, Hashable, ExpressibleByStringLiteral {
    /// The version as written.
    ///
    /// ```swift
    /// let bound: VersionBound = "1.0.0"  // bound.text == "1.0.0"
    /// ```
    public let text: String

    /// The bound written as a string literal.
    ///
    /// ```swift
    /// let bound: VersionBound = "2.0.0-beta.1"
    /// ```
    /// - Parameter value: The version.
    public init(stringLiteral value: String) {
        text = value
    }

    /// The versions from `lower` up to, not including, `upper`; checked when the population is
    /// resolved, never trapping.
    ///
    /// ```swift
    /// let range: VersionRange = "1.0.0"..<"3.0.0"  // >=1.0.0 <3.0.0
    /// ```
    /// - Returns: The range.
    public static func ..< (lower: VersionBound, upper: VersionBound) -> VersionRange {
        VersionRange(lowerBound: lower.text, upperBound: upper.text)
    }
}

/// A version as Semantic Versioning 2.0.0 defines it: `MAJOR.MINOR.PATCH`, an optional
/// pre-release (`-beta.2`) and optional build metadata (`+build.7`).
///
/// ```swift
/// let version = SemanticVersion("2.1.0-rc.1+build.5")!
/// version.major                                  // 2
/// version < SemanticVersion("2.1.0")!            // true: a pre-release comes first
/// SemanticVersion("v1.0.0")                      // nil: no leading "v"
/// ```
///
/// ``init(_:)`` accepts exactly the strings of the specification's grammar — no leading `v`, no
/// leading zeros in numeric identifiers, no blanks, no empty identifiers — with each of the three
/// numbers at most 18446744073709551615, and nothing else. Ordering follows the specification's
/// precedence (section 11): numbers numerically; a pre-release before its release; pre-release
/// identifiers field by field, numeric ones numerically and below alphanumeric ones, which
/// compare in ASCII order; more fields after equal ones come later. Build metadata takes no part
/// in precedence, so two versions that differ only in it are equal (as `Comparable` requires);
/// ``description`` keeps it.
public struct SemanticVersion: Sendable, Hashable, Comparable, LosslessStringConvertible {
    /// The major version: incompatible changes.
    ///
    /// ```swift
    /// SemanticVersion("2.1.0")!.major  // 2
    /// ```
    public let major: UInt64
    /// The minor version: compatible additions.
    ///
    /// ```swift
    /// SemanticVersion("2.1.0")!.minor  // 1
    /// ```
    public let minor: UInt64
    /// The patch version: compatible fixes.
    ///
    /// ```swift
    /// SemanticVersion("2.1.3")!.patch  // 3
    /// ```
    public let patch: UInt64
    /// The pre-release identifiers, empty for a release.
    ///
    /// ```swift
    /// SemanticVersion("1.0.0-beta.2")!.prerelease  // ["beta", "2"]
    /// ```
    public private(set) var prerelease: [String]
    /// The build metadata identifiers, which take no part in precedence.
    ///
    /// ```swift
    /// SemanticVersion("1.0.0+linux.7")!.buildMetadata  // ["linux", "7"]
    /// ```
    public private(set) var buildMetadata: [String]

    /// Creates a version from its parts.
    /// - Parameters:
    ///   - major: The major version.
    ///   - minor: The minor version.
    ///   - patch: The patch version.
    ///
    /// ```swift
    /// SemanticVersion(1, 2, 0).description  // "1.2.0"
    /// ```
    public init(_ major: UInt64, _ minor: UInt64, _ patch: UInt64) {
        (self.major, self.minor, self.patch) = (major, minor, patch)
        (prerelease, buildMetadata) = ([], [])
    }

    /// Parses a Semantic Versioning 2.0.0 string; `nil` for anything else.
    ///
    /// ```swift
    /// SemanticVersion("1.0.0-alpha.1")  // a version
    /// SemanticVersion("1.02.0")         // nil: a leading zero
    /// ```
    /// - Parameter text: The version, such as `1.4.0` or `2.0.0-rc.1+build.5`.
    public init?(_ text: String) {
        var text = text
        guard let version = text.withUTF8(Self.parse) else { return nil }
        self = version
    }

    /// The version `bytes` spell (UTF-8), read in one pass, or `nil`.
    private static func parse(_ bytes: UnsafeBufferPointer<UInt8>) -> SemanticVersion? {
        var index = 0
        /// A numeric identifier at `index`: `0` or digits without a leading zero; `nil` when none
        /// is there, or it has a leading zero, or it is past 18446744073709551615.
        func number() -> UInt64? {
            let start = index
            var value: UInt64 = 0
            while index < bytes.count, case let digit = bytes[index] &- UInt8(ascii: "0"), digit < 10 {
                let (times, overflow) = value.multipliedReportingOverflow(by: 10)
                let (sum, carry) = times.addingReportingOverflow(UInt64(digit))
                guard !overflow, !carry else { return nil }
                value = sum
                index += 1
            }
            guard index > start, index - start == 1 || bytes[start] != UInt8(ascii: "0") else { return nil }
            return value
        }
        func skip(_ byte: UInt8) -> Bool {
            guard index < bytes.count, bytes[index] == byte else { return false }
            index += 1
            return true
        }
        guard let major = number(), skip(UInt8(ascii: ".")), let minor = number(), skip(UInt8(ascii: ".")),
            let patch = number()
        else { return nil }
        var version = SemanticVersion(major, minor, patch)
        if skip(UInt8(ascii: "-")) {
            guard let identifiers = identifiers(bytes, from: &index, numeric: true) else { return nil }
            version.prerelease = identifiers
        }
        if skip(UInt8(ascii: "+")) {
            guard let identifiers = identifiers(bytes, from: &index, numeric: false) else { return nil }
            version.buildMetadata = identifiers
        }
        return index == bytes.count ? version : nil
    }

    /// The dot-separated identifiers from `index` to a `+` or the end: each non-empty, of ASCII
    /// letters, digits and hyphens; with `numeric`, one of digits alone without a leading zero.
    private static func identifiers(
        _ bytes: UnsafeBufferPointer<UInt8>, from index: inout Int, numeric: Bool
    ) -> [String]? {
        var identifiers: [String] = []
        while true {
            let start = index
            var digitsOnly = true
            while index < bytes.count, isIdentifierByte(bytes[index]) {
                digitsOnly = digitsOnly && bytes[index] >= UInt8(ascii: "0") && bytes[index] <= UInt8(ascii: "9")
                index += 1
            }
            guard index > start else { return nil }
            if numeric && digitsOnly && index - start > 1 && bytes[start] == UInt8(ascii: "0") { return nil }
            identifiers.append(String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<index]), as: UTF8.self))
            guard index < bytes.count, bytes[index] == UInt8(ascii: ".") else { return identifiers }
            index += 1
        }
    }

    /// Whether this is a pre-release (it has pre-release identifiers).
    ///
    /// ```swift
    /// SemanticVersion("2.0.0-rc.1")!.isPrerelease  // true
    /// ```
    public var isPrerelease: Bool { !prerelease.isEmpty }

    /// `MAJOR.MINOR.PATCH`, then `-` and the pre-release, then `+` and the build metadata.
    ///
    /// ```swift
    /// SemanticVersion("1.0.0-beta+exp.sha.5114f85")!.description  // "1.0.0-beta+exp.sha.5114f85"
    /// ```
    public var description: String {
        "\(major).\(minor).\(patch)"
            + (prerelease.isEmpty ? "" : "-" + prerelease.joined(separator: "."))
            + (buildMetadata.isEmpty ? "" : "+" + buildMetadata.joined(separator: "."))
    }

    /// Whether the two have the same precedence: build metadata aside.
    ///
    /// ```swift
    /// SemanticVersion("1.0.0+a")! == SemanticVersion("1.0.0+b")!  // true
    /// ```
    public static func == (lhs: SemanticVersion, rhs: SemanticVersion) -> Bool {
        (lhs.major, lhs.minor, lhs.patch, lhs.prerelease) == (rhs.major, rhs.minor, rhs.patch, rhs.prerelease)
    }

    /// Hashes what takes part in precedence, as ``==(_:_:)`` compares.
    ///
    /// ```swift
    /// Set([SemanticVersion("1.0.0+a")!, SemanticVersion("1.0.0+b")!]).count  // 1
    /// ```
    public func hash(into hasher: inout Hasher) {
        hasher.combine(major)
        hasher.combine(minor)
        hasher.combine(patch)
        hasher.combine(prerelease)
    }

    /// Whether `lhs` has lower precedence than `rhs`, as the specification's section 11 orders them.
    ///
    /// ```swift
    /// SemanticVersion("1.0.0-alpha")! < SemanticVersion("1.0.0-alpha.1")!  // true
    /// SemanticVersion("1.0.0-beta.11")! < SemanticVersion("1.0.0-rc.1")!   // true
    /// ```
    public static func < (lhs: SemanticVersion, rhs: SemanticVersion) -> Bool {
        if (lhs.major, lhs.minor, lhs.patch) != (rhs.major, rhs.minor, rhs.patch) {
            return (lhs.major, lhs.minor, lhs.patch) < (rhs.major, rhs.minor, rhs.patch)
        }
        switch (lhs.prerelease.isEmpty, rhs.prerelease.isEmpty) {
        case (true, _): return false
        case (false, true): return true
        case (false, false): break
        }
        for (left, right) in zip(lhs.prerelease, rhs.prerelease) where left != right {
            return precedes(left, right)
        }
        return lhs.prerelease.count < rhs.prerelease.count
    }

    /// Whether the pre-release identifier `left` comes before `right` (they differ): numeric ones
    /// numerically (without leading zeros, a shorter number is a smaller one) and before
    /// alphanumeric ones, which compare in ASCII order.
    private static func precedes(_ left: String, _ right: String) -> Bool {
        switch (isDigits(left[...]), isDigits(right[...])) {
        case (true, true):
            left.utf8.count != right.utf8.count
                ? left.utf8.count < right.utf8.count : left.utf8.lexicographicallyPrecedes(right.utf8)
        case (true, false): true
        case (false, true): false
        case (false, false): left.utf8.lexicographicallyPrecedes(right.utf8)
        }
    }

    private static func isIdentifierByte(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "a")...UInt8(ascii: "z"),
            UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "-"):
            true
        default: false
        }
    }

    private static func isDigits(_ text: Substring) -> Bool {
        !text.isEmpty && text.utf8.allSatisfy { $0 >= UInt8(ascii: "0") && $0 <= UInt8(ascii: "9") }
    }
}

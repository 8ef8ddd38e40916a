/// A plugin that another plugin needs, with the versions it accepts: declared in the manifest, in
/// SwiftPM's idiom.
///
/// ```swift
/// public enum BlogPlugin: Plugin {
///     public static let manifest = PluginManifest(name: "Blog", version: "2.1.0", dependencies: [
///         .plugin("Account", from: "1.2.0"),
///         .plugin("Analytics", "1.0.0"..<"3.0.0", optional: true),
///     ])
/// }
/// ```
///
/// A required dependency that is missing, or whose installed versions are all outside the range,
/// keeps the plugin from loading, with the reason; a missing optional one leaves it loading, and
/// the plugin asks ``Registry/hasPlugin(_:)`` at run time whether it is there.
public struct PluginDependency: Sendable, Hashable, CustomStringConvertible {
    /// The name of the plugin depended on, as its manifest gives it.
    ///
    /// ```swift
    /// PluginDependency.plugin("Account", from: "1.2.0").name  // "Account"
    /// ```
    public let name: String
    /// The versions accepted.
    ///
    /// ```swift
    /// PluginDependency.plugin("Account", from: "1.2.0").versions.description  // ">=1.2.0 <2.0.0"
    /// ```
    public let versions: VersionRange
    /// Whether the plugin loads without it.
    ///
    /// ```swift
    /// PluginDependency.plugin("Analytics", from: "1.0.0", optional: true).isOptional  // true
    /// ```
    public let isOptional: Bool

    /// Creates a dependency on `name` in `versions`.
    ///
    /// ```swift
    /// PluginDependency(name: "Account", versions: .upToNextMajor(from: "1.2.0"), isOptional: false)
    /// ```
    /// - Parameters:
    ///   - name: The plugin depended on.
    ///   - versions: The versions accepted.
    ///   - isOptional: Whether the plugin loads without it.
    public init(name: String, versions: VersionRange, isOptional: Bool) {
        self.name = name
        self.versions = versions
        self.isOptional = isOptional
    }

    /// A dependency on `name` from `version` up to the next major version.
    ///
    /// ```swift
    /// .plugin("Account", from: "1.2.0")  // 1.2.0 ..< 2.0.0
    /// ```
    /// - Parameters:
    ///   - name: The plugin depended on.
    ///   - version: The lowest version accepted.
    ///   - optional: Whether the plugin loads without it.
    /// - Returns: The dependency.
    public static func plugin(_ name: String, from version: String, optional: Bool = false) -> PluginDependency {
        PluginDependency(name: name, versions: .upToNextMajor(from: version), isOptional: optional)
    }

    /// A dependency on `name` in `versions`: a half-open range (`"1.0.0"..<"3.0.0"`) or
    /// `.upToNextMinor(from:)`.
    ///
    /// ```swift
    /// .plugin("Analytics", "1.0.0"..<"3.0.0", optional: true)
    /// .plugin("Markdown", .upToNextMinor(from: "0.4.1"))
    /// ```
    /// - Parameters:
    ///   - name: The plugin depended on.
    ///   - versions: The versions accepted.
    ///   - optional: Whether the plugin loads without it.
    /// - Returns: The dependency.
    public static func plugin(_ name: String, _ versions: VersionRange, optional: Bool = false) -> PluginDependency {
        PluginDependency(name: name, versions: versions, isOptional: optional)
    }

    /// A dependency on exactly one version of `name`.
    ///
    /// ```swift
    /// .plugin("Theme", exact: "3.1.4")
    /// ```
    /// - Parameters:
    ///   - name: The plugin depended on.
    ///   - version: The one version accepted.
    ///   - optional: Whether the plugin loads without it.
    /// - Returns: The dependency.
    public static func plugin(_ name: String, exact version: String, optional: Bool = false) -> PluginDependency {
        PluginDependency(name: name, versions: .exactly(version), isOptional: optional)
    }

    /// `Account >=1.2.0 <2.0.0`, with `(optional)` for an optional one.
    ///
    /// ```swift
    /// print(PluginDependency.plugin("Account", from: "1.2.0"))  // Account >=1.2.0 <2.0.0
    /// ```
    public var description: String {
        "\(name) \(versions)" + (isOptional ? " (optional)" : "")
    }
}

extension PluginDependency: Codable {
    /// The dependency its ``description`` gives (`Account >=1.2.0 <2.0.0`, `Theme =3.1.4`,
    /// `Analytics >=1.0.0 <3.0.0 (optional)`), as a sealed manifest holds it; `nil` for any other
    /// text.
    ///
    /// ```swift
    /// PluginDependency(parsing: "Account >=1.2.0 <2.0.0") == .plugin("Account", from: "1.2.0")  // true
    /// ```
    /// - Parameter text: A dependency's description.
    public init?(parsing text: String) {
        var words = text.split(separator: " ", omittingEmptySubsequences: false).map(String.init)
        let isOptional = words.last == "(optional)"
        if isOptional { words.removeLast() }
        switch words.count {
        case 2 where words[1].hasPrefix("="):
            self.init(name: words[0], versions: .exactly(String(words[1].dropFirst())), isOptional: isOptional)
        case 3 where words[1].hasPrefix(">=") && words[2].hasPrefix("<"):
            self.init(
                name: words[0],
                versions: VersionRange(
                    lowerBound: String(words[1].dropFirst(2)), upperBound: String(words[2].dropFirst())),
                isOptional: isOptional)
        default:
            return nil
        }
        guard !name.isEmpty, description == text else { return nil }
    }

    /// Decodes the dependency from its ``description``.
    ///
    /// ```swift
    /// let dependency = try JSONDecoder().decode(PluginDependency.self, from: Data(#""Account >=1.2.0 <2.0.0""#.utf8))
    /// ```
    /// - Parameter decoder: The decoder.
    /// - Throws: `DecodingError` when the text is no dependency.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        let text = try container.decode(String.self)
        guard let dependency = PluginDependency(parsing: text) else {
            throw DecodingError.dataCorruptedError(in: container, debugDescription: "'\(text)' is not a dependency")
        }
        self = dependency
    }

    /// Encodes the dependency as its ``description``.
    ///
    /// ```swift
    /// let json = try JSONEncoder().encode(PluginDependency.plugin("Account", from: "1.2.0"))  // "Account >=1.2.0 <2.0.0"
    /// ```
    /// - Parameter encoder: The encoder.
    /// - Throws: What the encoder throws.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(description)
    }
}

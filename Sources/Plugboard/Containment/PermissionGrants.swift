/// What the person lets each isolated plugin do beyond running its code: everything a plugin
/// declares (`Notes`), or one permission (`Notes=read ~/notes`), in the form a host takes on its
/// command line and in its configuration file. A plugin that declares more than it was granted is
/// refused before any of its code runs (``PluginLoadError/notGranted(path:plugin:permissions:)``).
///
/// A grant covers what it names and what is beneath it: `read ~/notes` covers `read ~/notes/2026`;
/// `write` covers `read` of the same path; `connect any` covers every connection; `memory 2048 MiB`
/// covers any smaller size.
///
/// ```swift
/// var grants = PermissionGrants()
/// try grants.grant("Notes=read ~/notes")
/// grants.missing([.read("~/notes/2026"), .network], of: "Notes")  // [.network]
/// ```
public struct PermissionGrants: Sendable, Hashable {
    /// The plugins granted everything they declare.
    private var everything: Set<String> = []
    /// The permissions granted, by plugin.
    private var granted: [String: [PluginPermission]] = [:]

    /// No grants: plugins that declare nothing run isolated, others are refused.
    ///
    /// ```swift
    /// PermissionGrants().missing([.network], of: "Feeds")  // [.network]
    /// ```
    public init() {}

    /// Adds the grant `text` spells: `NAME` for everything the plugin named declares, or
    /// `NAME=PERMISSION` for one (``PluginPermission/description``).
    /// - Throws: ``PermissionGrantError`` naming the grant and what is wrong with it.
    ///
    /// ```swift
    /// try grants.grant("Feeds=connect any")
    /// ```
    public mutating func grant(_ text: String) throws(PermissionGrantError) {
        guard let equals = text.firstIndex(of: "=") else {
            guard Self.isName(text) else { throw PermissionGrantError(grant: text, reason: Self.badName) }
            everything.insert(text)
            return
        }
        let plugin = String(text[..<equals])
        guard Self.isName(plugin) else { throw PermissionGrantError(grant: text, reason: Self.badName) }
        let spelled = String(text[text.index(after: equals)...])
        guard let permission = PluginPermission(text: spelled) else {
            throw PermissionGrantError(
                grant: text,
                reason: "'\(spelled)' is no permission; write read PATH, write PATH, connect HOST:PORT, connect any, "
                    + "run PATH or memory N MiB")
        }
        granted[plugin, default: []].append(permission)
    }

    /// What of `declared` the plugin named `plugin` was not granted, in its order.
    ///
    /// ```swift
    /// grants.missing(candidate.permissions, of: candidate.name)  // [] when it may start
    /// ```
    public func missing(_ declared: [PluginPermission], of plugin: String) -> [PluginPermission] {
        if everything.contains(plugin) { return [] }
        let given = granted[plugin] ?? []
        return declared.filter { wanted in !given.contains { Self.grant($0, covers: wanted) } }
    }

    /// Whether `grant` covers `wanted`.
    private static func grant(_ grant: PluginPermission, covers wanted: PluginPermission) -> Bool {
        switch (grant, wanted) {
        case (.read(let granted), .read(let path)), (.write(let granted), .read(let path)),
            (.write(let granted), .write(let path)), (.run(let granted), .run(let path)):
            return contains(granted, path)
        case (.network, .network), (.network, .connect): return true
        case (.connect(let host, let port), .connect(let wantedHost, let wantedPort)):
            return host == wantedHost && port == wantedPort
        case (.memory(let granted), .memory(let megabytes)): return megabytes <= granted
        default: return false
        }
    }

    /// Whether the path `inner` is `outer` or beneath it, once both are expanded
    /// (``PluginDirectories``).
    private static func contains(_ outer: String, _ inner: String) -> Bool {
        let (outer, inner) = (PluginDirectories.expanded(outer), PluginDirectories.expanded(inner))
        let parts = outer.split(separator: "/")
        let innerParts = inner.split(separator: "/")
        return innerParts.count >= parts.count && Array(innerParts.prefix(parts.count)) == parts
            && !innerParts.contains("..")
    }

    private static func isName(_ text: String) -> Bool {
        !text.isEmpty && !text.contains { $0.isWhitespace || $0.isNewline }
    }

    private static let badName = "it names no plugin; write NAME, or NAME=PERMISSION"
}

/// A grant a host could not take, with the grant as written and what is wrong with it.
///
/// ```swift
/// do { try grants.grant("Notes=reed ~/notes") } catch { print(error) }
/// ```
public struct PermissionGrantError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The grant as written.
    ///
    /// ```swift
    /// error.grant  // "Notes=reed ~/notes"
    /// ```
    public let grant: String
    /// What is wrong with it.
    ///
    /// ```swift
    /// error.reason  // "'reed ~/notes' is no permission; …"
    /// ```
    public let reason: String

    /// The grant and what is wrong with it, in one line.
    ///
    /// ```swift
    /// print(error)  // grant 'Notes=reed ~/notes': 'reed ~/notes' is no permission; …
    /// ```
    public var description: String { "grant '\(grant)': \(reason)" }
}

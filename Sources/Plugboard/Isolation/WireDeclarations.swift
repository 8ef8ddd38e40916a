/// A plugin a plugin process runs, and its modules.
///
/// ```swift
/// WirePlugin(name: "Notes", version: "1.0.0", modules: ["NotesPlugin.NotesModule"])
/// ```
public struct WirePlugin: Codable, Sendable, Equatable {
    /// The plugin's name.
    ///
    /// ```swift
    /// plugin.name  // "Notes"
    /// ```
    public var name: String
    /// Its version.
    ///
    /// ```swift
    /// plugin.version  // "1.0.0"
    /// ```
    public var version: String
    /// Its modules.
    ///
    /// ```swift
    /// plugin.modules  // ["NotesPlugin.NotesModule"]
    /// ```
    public var modules: [String]
}

/// A module's handler of an event, in a plugin process.
///
/// ```swift
/// WireHandler(event: "background", module: "NotesPlugin.NotesModule")
/// ```
public struct WireHandler: Codable, Sendable, Equatable {
    /// The event's name, a ``LifecycleEvent``'s description.
    ///
    /// ```swift
    /// handler.event  // "background"
    /// ```
    public var event: String
    /// The module that handles it.
    ///
    /// ```swift
    /// handler.module  // "NotesPlugin.NotesModule"
    /// ```
    public var module: String
}

/// A route a plugin process serves, as the host declares it.
///
/// ```swift
/// WireRoute(pattern: "app://notes/:id", title: "A note", module: "NotesPlugin.NotesModule", plugin: "Notes")
/// ```
public struct WireRoute: Codable, Sendable, Equatable {
    /// The route's pattern.
    ///
    /// ```swift
    /// route.pattern  // "app://notes/:id"
    /// ```
    public var pattern: String
    /// Its title, if it has one.
    ///
    /// ```swift
    /// route.title  // "A note"
    /// ```
    public var title: String?
    /// Its example URL, if it declares one (``Route/example``).
    ///
    /// ```swift
    /// route.example  // "app://notes/1"
    /// ```
    public var example: String? = nil
    /// The module that registered it.
    ///
    /// ```swift
    /// route.module  // "NotesPlugin.NotesModule"
    /// ```
    public var module: String
    /// The plugin whose module that is.
    ///
    /// ```swift
    /// route.plugin  // "Notes"
    /// ```
    public var plugin: String
}

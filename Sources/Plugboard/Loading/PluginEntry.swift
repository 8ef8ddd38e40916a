/// The fallback way for a plugin to list its modules: one exported C entry symbol.
///
/// Plugboard normally finds a plugin's modules in the Swift metadata of its image. Should the
/// Swift runtime's metadata layout be one this version of Plugboard cannot read, the loader calls
/// the plugin's `plugboard_plugin_entry` symbol instead:
///
/// ```swift
/// @_cdecl("plugboard_plugin_entry")
/// public func plugboardPluginEntry() -> UnsafeMutableRawPointer {
///     PluginEntry(plugin: GreeterPlugin.self, modules: [GreeterModule.self]).exported()
/// }
/// ```
public final class PluginEntry: @unchecked Sendable {
    // Safe to share: both properties are immutable references to global type metadata.

    /// The name of the symbol the loader looks up.
    ///
    /// ```swift
    /// dlsym(handle, PluginEntry.symbolName)  // "plugboard_plugin_entry"
    /// ```
    public static let symbolName = "plugboard_plugin_entry"

    /// The type that declares the plugin's manifest.
    ///
    /// ```swift
    /// entry.plugin.manifest.name  // "Greeter"
    /// ```
    public let plugin: any Plugin.Type
    /// The plugin's module types.
    ///
    /// ```swift
    /// entry.modules.map { $0.name }  // ["GreeterPlugin.GreeterModule"]
    /// ```
    public let modules: [any Module.Type]

    /// Creates an entry listing a plugin's manifest type and modules.
    /// - Parameters:
    ///   - plugin: The type conforming to ``Plugin``.
    ///   - modules: The plugin's module types.
    ///
    /// ```swift
    /// let entry = PluginEntry(plugin: GreeterPlugin.self, modules: [GreeterModule.self])
    /// ```
    public init(plugin: any Plugin.Type, modules: [any Module.Type]) {
        self.plugin = plugin
        self.modules = modules
    }

    /// Hands the entry to the loader, which takes ownership of it.
    /// - Returns: A retained pointer for the entry symbol to return.
    ///
    /// ```swift
    /// @_cdecl("plugboard_plugin_entry")
    /// public func plugboardPluginEntry() -> UnsafeMutableRawPointer {
    ///     PluginEntry(plugin: GreeterPlugin.self, modules: [GreeterModule.self]).exported()
    /// }
    /// ```
    public func exported() -> UnsafeMutableRawPointer {
        Unmanaged.passRetained(self).toOpaque()
    }
}

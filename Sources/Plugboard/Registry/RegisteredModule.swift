/// A module that is registered, with where it came from.
///
/// ```swift
/// for module in Registry.shared.snapshot.modules {
///     print(module.name, module.plugin ?? "(linked into the host)")
/// }
/// ```
public struct RegisteredModule: Sendable, Hashable {
    /// The module's name and image.
    ///
    /// ```swift
    /// module.owner.image  // the file the module came from
    /// ```
    public let owner: Owner
    /// The name of the plugin that brought the module, or `nil` for a module linked into the host.
    ///
    /// ```swift
    /// module.plugin  // "Circles", or nil for a module of the host executable
    /// ```
    public let plugin: String?

    /// The module's ``Module/name``.
    ///
    /// ```swift
    /// module.name  // "Circles.CirclesModule"
    /// ```
    public var name: String { owner.module }
}

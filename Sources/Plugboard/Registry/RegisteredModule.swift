/// A module that is registered, with where it came from.
public struct RegisteredModule: Sendable, Hashable {
    /// The module's name and image.
    public let owner: Owner
    /// The name of the plugin that brought the module, or `nil` for a module linked into the host.
    public let plugin: String?

    /// The module's ``Module/name``.
    public var name: String { owner.module }
}

/// A service a module provides to the others, registered under its type.
///
/// ```swift
/// registrar.provide(Analytics.self, Analytics())  // in one module
/// let analytics = try Registry.shared.service(Analytics.self)  // anywhere else
/// ```
public struct Service: Sendable {
    /// The service type's module-qualified name, for example `Shell.Analytics`.
    ///
    /// ```swift
    /// Registry.shared.snapshot.services.map(\.typeName)  // ["Shell.Analytics"]
    /// ```
    public let typeName: String
    /// The module that provided the service.
    ///
    /// ```swift
    /// Registry.shared.snapshot.services.map(\.owner.module)  // ["Shell.ShellModule"]
    /// ```
    public let owner: Owner
    let key: ObjectIdentifier
    let instance: any Sendable
}

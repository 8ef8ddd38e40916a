/// A service a module provides to the others, registered under its type.
public struct Service: Sendable {
    /// The service type's module-qualified name, for example `Shell.Analytics`.
    public let typeName: String
    /// The module that provided the service.
    public let owner: Owner
    let key: ObjectIdentifier
    let instance: any Sendable
}

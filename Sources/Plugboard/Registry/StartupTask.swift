/// A named unit of launch work registered by a module.
public struct StartupTask: Sendable {
    /// The task's name, unique in the registry.
    public let name: String
    /// Names of the tasks this one runs after.
    public let dependencies: [String]
    /// The module that registered the task.
    public let owner: Owner
    /// The launch work.
    public let body: @Sendable () async throws -> Void
}

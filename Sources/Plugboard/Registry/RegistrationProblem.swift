/// One reason a registration was refused.
public enum RegistrationProblem: Sendable, Hashable, CustomStringConvertible {
    /// A module with this name is already registered.
    case duplicateModule(name: String, existing: Owner, new: Owner)
    /// A plugin with this name is already loaded.
    case duplicatePlugin(name: String, existingFile: String, newFile: String)
    /// The route pattern is already owned.
    case duplicateRoute(pattern: String, existing: Owner, new: Owner)
    /// The startup task name is already taken.
    case duplicateTask(name: String, existing: Owner, new: Owner)
    /// A service of this type is already provided.
    case duplicateService(type: String, existing: Owner, new: Owner)
    /// The route pattern cannot be used.
    case invalidRoute(pattern: String, owner: Owner, reason: String)
    /// The startup task name cannot be used.
    case invalidTaskName(name: String, owner: Owner)
    /// A parameter type of this name exists; `existing` is `nil` for a built-in type.
    case duplicateParameterType(name: String, existing: Owner?, new: Owner)
    /// Another module already handles unmatched URLs.
    case duplicateFallback(existing: Owner, new: Owner)
    /// The interceptor's pattern cannot be used.
    case invalidInterceptor(pattern: String, owner: Owner, reason: String)

    /// A sentence naming both sides and what to do.
    public var description: String {
        switch self {
        case .duplicateModule(let name, let existing, let new):
            "module name '\(name)' is registered by \(existing) and again by \(new); "
                + "give one of them a different `name`"
        case .duplicatePlugin(let name, let existingFile, let newFile):
            "plugin '\(name)' is already loaded from \(existingFile); \(newFile) is a second copy, "
                + "remove one of the files"
        case .duplicateRoute(let pattern, let existing, let new):
            "route '\(pattern)' is owned by \(existing); \(new) registers it again; "
                + "rename one of the routes"
        case .duplicateTask(let name, let existing, let new):
            "startup task '\(name)' is registered by \(existing) and again by \(new); "
                + "rename one of the tasks"
        case .duplicateService(let type, let existing, let new):
            "service \(type) is provided by \(existing) and again by \(new); "
                + "provide it from one module only"
        case .invalidRoute(let pattern, let owner, let reason):
            "route '\(pattern)' of \(owner) is invalid: \(reason)"
        case .invalidTaskName(let name, let owner):
            "startup task name '\(name)' of \(owner) is invalid: use a non-empty name without spaces"
        case .duplicateParameterType(let name, let existing, let new):
            "parameter type '\(name)' is \(existing.map { "defined by \($0)" } ?? "built in"); \(new) defines it "
                + "again; choose another name"
        case .duplicateFallback(let existing, let new):
            "unmatched URLs are handled by \(existing); \(new) registers a second fallback; keep one"
        case .invalidInterceptor(let pattern, let owner, let reason):
            "the interceptor of \(owner) for '\(pattern)' is invalid: \(reason)"
        }
    }
}

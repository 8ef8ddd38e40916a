/// One reason a registration was refused.
///
/// ```swift
/// catch RegistrationError.rejected(let problems) {
///     for problem in problems { print(problem) }  // each names both owners
/// }
/// ```
public enum RegistrationProblem: Sendable, Hashable, CustomStringConvertible {
    /// A module with this name is already registered.
    ///
    /// ```swift
    /// if case .duplicateModule(let name, let existing, _) = problem { print(name, "is already", existing) }
    /// ```
    case duplicateModule(name: String, existing: Owner, new: Owner)
    /// A plugin with this name is already loaded.
    ///
    /// ```swift
    /// if case .duplicatePlugin(let name, let existingFile, let newFile) = problem {
    ///     print(name, "is in both", existingFile, "and", newFile)
    /// }
    /// ```
    case duplicatePlugin(name: String, existingFile: String, newFile: String)
    /// The route pattern is already owned.
    ///
    /// ```swift
    /// if case .duplicateRoute(let pattern, let existing, let new) = problem { print(pattern, existing, new) }
    /// ```
    case duplicateRoute(pattern: String, existing: Owner, new: Owner)
    /// The startup task name is already taken.
    ///
    /// ```swift
    /// if case .duplicateTask(let name, let existing, _) = problem { print(name, "belongs to", existing) }
    /// ```
    case duplicateTask(name: String, existing: Owner, new: Owner)
    /// A service of this type is already provided.
    ///
    /// ```swift
    /// if case .duplicateService(let type, let existing, _) = problem { print(type, "comes from", existing) }
    /// ```
    case duplicateService(type: String, existing: Owner, new: Owner)
    /// The plugin's manifest declared the route, but the plugin, activated, did not register it:
    /// its manifest is not the plugin's own (a stale cache entry, or a seal of another build).
    ///
    /// ```swift
    /// if case .declaredRouteMissing(let pattern, let plugin) = problem { print(plugin, "did not register", pattern) }
    /// ```
    case declaredRouteMissing(pattern: String, plugin: String)
    /// The route pattern cannot be used.
    ///
    /// ```swift
    /// registrar.route("app://circles/**/x") { _ in CirclesScreen() }  // .invalidRoute: `**` must be last
    /// ```
    case invalidRoute(pattern: String, owner: Owner, reason: String)
    /// The module's name cannot be used: it is empty or holds control characters.
    ///
    /// ```swift
    /// final class Nameless: Module { static var name: String { "" } … }  // .invalidModuleName
    /// ```
    case invalidModuleName(name: String, image: String)
    /// The startup task name cannot be used.
    ///
    /// ```swift
    /// registrar.startupTask("") {}  // .invalidTaskName
    /// ```
    case invalidTaskName(name: String, owner: Owner)
    /// A parameter type of this name exists; `existing` is `nil` for a built-in type.
    ///
    /// ```swift
    /// registrar.parameterType(.int)  // .duplicateParameterType(name: "int", existing: nil, new: …)
    /// ```
    case duplicateParameterType(name: String, existing: Owner?, new: Owner)
    /// Another module already handles unmatched URLs.
    ///
    /// ```swift
    /// registrar.fallback { _ in NotFoundScreen() }  // .duplicateFallback when another module has one
    /// ```
    case duplicateFallback(existing: Owner, new: Owner)
    /// The interceptor's pattern cannot be used.
    ///
    /// ```swift
    /// registrar.intercept(pattern: "nonsense") { _ in .proceed }  // .invalidInterceptor
    /// ```
    case invalidInterceptor(pattern: String, owner: Owner, reason: String)

    /// A sentence naming both sides and what to do.
    ///
    /// ```swift
    /// problems.map(\.description).joined(separator: "\n")
    /// ```
    public var description: String {
        switch self {
        case .duplicateModule(let name, let existing, let new):
            "module name '\(name)' is registered by \(existing) and again by \(new); "
                + "give one of them a different `name`"
        case .duplicatePlugin(let name, let existingFile, let newFile):
            "plugin '\(name)' is already loaded from \(existingFile.escapingControlCharacters); "
                + "\(newFile.escapingControlCharacters) is a second copy, "
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
        case .declaredRouteMissing(let pattern, let plugin):
            "plugin '\(plugin)' declared the route \(pattern) in its manifest but did not register it; its manifest "
                + "is of another build: seal the plugin again"
        case .invalidRoute(let pattern, let owner, let reason):
            "route '\(pattern.shown)' of \(owner) is invalid: \(reason)"
        case .invalidModuleName(let name, let image):
            "a module of \(image.escapingControlCharacters) is named \(name.debugDescription): use a non-empty name without control "
                + "characters (the module's `name`)"
        case .invalidTaskName(let name, let owner):
            "startup task name \(name.debugDescription) of \(owner) is invalid: use a non-empty name without "
                + "spaces or control characters"
        case .duplicateParameterType(let name, let existing, let new):
            "parameter type '\(name)' is \(existing.map { "defined by \($0)" } ?? "built in"); \(new) defines it "
                + "again; choose another name"
        case .duplicateFallback(let existing, let new):
            "unmatched URLs are handled by \(existing); \(new) registers a second fallback; keep one"
        case .invalidInterceptor(let pattern, let owner, let reason):
            "the interceptor of \(owner) for '\(pattern.shown)' is invalid: \(reason)"
        }
    }
}

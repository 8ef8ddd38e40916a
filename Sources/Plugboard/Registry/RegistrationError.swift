/// Why a module, or a plugin's modules, could not be registered. Nothing of them was kept.
///
/// ```swift
/// do {
///     try registry.register([CirclesModule.self, BlogModule.self], image: "app")
/// } catch {
///     print(error)  // one line per problem; neither module is registered
/// }
/// ```
public enum RegistrationError: Error, Sendable, CustomStringConvertible {
    /// The registrations conflict with what is registered, or with each other.
    ///
    /// ```swift
    /// catch RegistrationError.rejected(let problems) { problems.forEach { print($0) } }
    /// ```
    case rejected([RegistrationProblem])
    /// A module's ``Module/register(with:)`` threw.
    ///
    /// ```swift
    /// catch RegistrationError.moduleFailed(let owner, let reason) { print(owner.module, "threw:", reason) }
    /// ```
    case moduleFailed(Owner, reason: String)

    /// Every problem, one per line.
    ///
    /// ```swift
    /// catch let error as RegistrationError { print(error.description) }
    /// ```
    public var description: String {
        switch self {
        case .rejected(let problems):
            "registration refused, nothing was registered:\n"
                + problems.map { "  - \($0)" }.joined(separator: "\n")
        case .moduleFailed(let owner, let reason):
            "\(owner) failed to register, nothing of it was kept: \(reason)"
        }
    }
}

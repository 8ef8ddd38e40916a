/// Why a module, or a plugin's modules, could not be registered. Nothing of them was kept.
public enum RegistrationError: Error, Sendable, CustomStringConvertible {
    /// The registrations conflict with what is registered, or with each other.
    case rejected([RegistrationProblem])
    /// A module's ``Module/register(with:)`` threw.
    case moduleFailed(Owner, reason: String)

    /// Every problem, one per line.
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

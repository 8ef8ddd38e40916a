/// Why a launch did not start. Nothing ran.
public enum LaunchError: Error, Sendable, CustomStringConvertible {
    /// The startup task graph is invalid; every problem found is listed.
    case invalidGraph([GraphProblem])
    /// The application was already launched; a launch happens once.
    case alreadyLaunched

    /// Every problem, one per line.
    public var description: String {
        switch self {
        case .invalidGraph(let problems):
            "the startup task graph is invalid, nothing ran:\n" + problems.map { "  - \($0)" }.joined(separator: "\n")
        case .alreadyLaunched:
            "the application was already launched; create a new Application to launch again"
        }
    }
}

/// Why a launch did not start. Nothing ran.
///
/// ```swift
/// do {
///     let report = try await Application().launch()
///     print(report.succeeded)
/// } catch {
///     print(error)  // nothing ran
/// }
/// ```
public enum LaunchError: Error, Sendable, CustomStringConvertible {
    /// The startup task graph is invalid; every problem found is listed.
    ///
    /// ```swift
    /// catch .invalidGraph(let problems) { print(problems.count, "problems") }
    /// ```
    case invalidGraph([GraphProblem])
    /// The application was already launched; a launch happens once.
    ///
    /// ```swift
    /// _ = try await app.launch()
    /// _ = try await app.launch()  // throws LaunchError.alreadyLaunched
    /// ```
    case alreadyLaunched

    /// Every problem, one per line.
    ///
    /// ```swift
    /// catch { print(error.description) }
    /// ```
    public var description: String {
        switch self {
        case .invalidGraph(let problems):
            "the startup task graph is invalid, nothing ran:\n" + problems.map { "  - \($0)" }.joined(separator: "\n")
        case .alreadyLaunched:
            "the application was already launched; create a new Application to launch again"
        }
    }
}

/// When a startup task runs during launch.
///
/// ```swift
/// registrar.startupTask("config.load") { /* phase .launch */ }
/// registrar.startupTask("analytics.start", phase: .afterFirstScreen) { /* after the first screen */ }
/// ```
public enum StartupPhase: Int, Sendable, Hashable, Codable, Comparable, CaseIterable, CustomStringConvertible {
    /// Before the application is ready: configuration, logging, the data store, the root screen.
    ///
    /// ```swift
    /// registrar.startupTask("db.open", phase: .launch) { try await Database.shared.open() }
    /// ```
    case launch
    /// After the first screen is shown: deferrable work such as analytics or cache warm-up.
    ///
    /// ```swift
    /// registrar.startupTask("cache.warm", phase: .afterFirstScreen, required: false) { /* … */ }
    /// ```
    case afterFirstScreen

    /// Whether `lhs` runs before `rhs`.
    ///
    /// ```swift
    /// StartupPhase.launch < .afterFirstScreen  // true
    /// ```
    public static func < (lhs: StartupPhase, rhs: StartupPhase) -> Bool {
        lhs.rawValue < rhs.rawValue
    }

    /// `launch` or `after-first-screen`.
    ///
    /// ```swift
    /// StartupPhase.afterFirstScreen.description  // "after-first-screen"
    /// ```
    public var description: String {
        switch self {
        case .launch: "launch"
        case .afterFirstScreen: "after-first-screen"
        }
    }
}

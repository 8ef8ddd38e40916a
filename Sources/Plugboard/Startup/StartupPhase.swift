/// When a startup task runs during launch.
public enum StartupPhase: Int, Sendable, Hashable, Comparable, CaseIterable, CustomStringConvertible {
    /// Before the application is ready: configuration, logging, the data store, the root screen.
    case launch
    /// After the first screen is shown: deferrable work such as analytics or cache warm-up.
    case afterFirstScreen

    /// Whether `lhs` runs before `rhs`.
    public static func < (lhs: StartupPhase, rhs: StartupPhase) -> Bool {
        lhs.rawValue < rhs.rawValue
    }

    /// `launch` or `after-first-screen`.
    public var description: String {
        switch self {
        case .launch: "launch"
        case .afterFirstScreen: "after-first-screen"
        }
    }
}

/// Why a launch stopped before its end: a required task failed, or the caller cancelled it.
enum LaunchStop: Sendable {
    case failed(LaunchReport.Failure)
    case cancelled

    /// The reason given to the tasks that did not run.
    var skipReason: String {
        switch self {
        case .failed(let failure): "the launch stopped: \(failure)"
        case .cancelled: "the launch was cancelled"
        }
    }

    /// The failure, when a required task caused the stop.
    var failure: LaunchReport.Failure? {
        if case .failed(let failure) = self { failure } else { nil }
    }

    /// Whether the caller cancelled the launch.
    var isCancellation: Bool {
        if case .cancelled = self { true } else { false }
    }
}

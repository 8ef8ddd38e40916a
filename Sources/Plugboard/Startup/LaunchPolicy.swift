/// How a launch treats its tasks: their deadline, what a required task's failure does, and whom
/// it tells as tasks end or run long. One value for every phase of a launch, or of an activation.
struct LaunchPolicy: Sendable {
    /// The deadline of a task that names no timeout of its own; `nil` for none.
    var deadline: Duration? = StartupTask.defaultTimeout
    /// The modules a required task's failure quarantines, with the reason, instead of stopping
    /// the launch; `nil` when a failure stops it. A pure function of the failure (it runs while
    /// the phase's lock is held).
    var quarantine: (@Sendable (LaunchReport.Failure) -> [String: String])?
    /// Told as each task ends (or is skipped).
    var progress: (@Sendable (LaunchReport.Entry) -> Void)?
    /// Told, now and then, of the tasks that have run long.
    var stillRunning: (@Sendable ([LaunchReport.RunningTask]) -> Void)?
    /// Told, on the task's thread, of the module whose task begins to run, and ends.
    var running: (@Sendable (_ module: String, _ began: Bool) -> Void)?
}

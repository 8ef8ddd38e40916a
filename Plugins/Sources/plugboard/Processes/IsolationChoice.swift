import Plugboard

/// What `--isolate` and `--plugin-deadline` ask: which plugins run in processes of their own, and
/// how long a request to one of those processes may take before the plugin is taken for hung.
struct IsolationChoice {
    /// Where the plugins run.
    var policy: IsolationPolicy = .none
    /// How long a request to a plugin process may take.
    var deadline: Duration = IsolatedPlugin.defaultDeadline
    /// What the isolated plugins may do beyond running their code.
    var grants = PermissionGrants()
}

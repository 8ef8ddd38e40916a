/// What activates the plugins declared in a registry when they are first needed: a
/// ``PluginPopulation``, which the registry holds weakly.
protocol PluginActivating: AnyObject, Sendable {
    /// Activates `plugin` (once, whoever asks first), or throws why it could not be.
    func activate(_ plugin: String) async throws(ActivationError)
    /// Activates every declared plugin that handles `event`, before the event is delivered.
    func activatePlugins(handling event: LifecycleEvent) async
}

/// A registry's weak reference to its ``PluginActivating``.
struct ActivatorReference: Sendable {
    weak var activator: (any PluginActivating)?
}

public import Plugboard

/// A deliberately broken plugin for `plugboard verify`'s tests: its module traps while registering.
public enum CrashingPlugin: Plugin {
    public static let manifest = PluginManifest(name: "Crashing", version: "0.0.1")
}

/// Traps as soon as it is asked to register.
public final class CrashingModule: Module {
    public init() {}

    public func register(with registrar: ModuleRegistrar) throws {
        fatalError("CrashingModule traps on purpose")
    }
}

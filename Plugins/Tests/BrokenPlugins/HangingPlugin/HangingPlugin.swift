import Glibc
public import Plugboard

/// A deliberately broken plugin for `plugboard verify`'s tests: its module never finishes registering.
public enum HangingPlugin: Plugin {
    public static let manifest = PluginManifest(name: "Hanging", version: "0.0.1")
}

/// Blocks forever while registering.
public final class HangingModule: Module {
    public init() {}

    public func register(with registrar: ModuleRegistrar) throws {
        while true { sleep(60) }
    }
}

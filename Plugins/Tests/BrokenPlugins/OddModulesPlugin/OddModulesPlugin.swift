public import Plugboard

/// A plugin whose modules discovery can and cannot use: one registers, one is generic (reported),
/// one only inherits its conformance (never seen: it has no conformance record of its own).
public enum OddModulesPlugin: Plugin {
    public static let manifest = PluginManifest(name: "OddModules", version: "0.0.1")
}

/// A module discovery uses.
public final class PlainModule: Module {
    public init() {}
    public func register(with registrar: ModuleRegistrar) throws {
        registrar.startupTask("odd.plain") {}
    }
}

/// A generic module: it has a conformance record, but no type to make without arguments.
public final class GenericModule<Value>: Module {
    public init() {}
    public func register(with registrar: ModuleRegistrar) throws {}
}

/// A base module class, which discovery finds.
open class BaseModule: Module {
    public required init() {}
    open func register(with registrar: ModuleRegistrar) throws {}
}

/// A subclass that only inherits `Module`: no conformance record names it.
public final class DerivedModule: BaseModule {}

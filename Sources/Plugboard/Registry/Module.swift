/// A feature module: a unit of an application that registers what it contributes.
///
/// A module is a `final class` with an empty initializer. Modules are never listed by hand: when
/// the image that contains a module is loaded (the host executable at start, or a plugin through
/// ``PluginLoader``), Plugboard finds every type conforming to `Module` in that image, creates one
/// instance and calls ``register(with:)``.
///
/// ```swift
/// public final class GreeterModule: Module {
///     public init() {}
///     public func register(with registrar: ModuleRegistrar) throws {
///         registrar.route("app://greeter/hello") { _ in GreetingScreen() }
///         registrar.startupTask("greeter.warm-up") { /* … */ }
///     }
/// }
/// ```
///
/// Declare modules as `final` classes: a subclass inherits a conformance without a record of its
/// own and is not discovered, and the optimizer may drop unused value types.
public protocol Module: AnyObject {
    /// A stable name, unique in the process. Defaults to the module-qualified type name.
    ///
    /// ```swift
    /// public final class CirclesModule: Module {
    ///     public static var name: String { "Circles" }  // instead of "CirclesPlugin.CirclesModule"
    ///     public init() {}
    ///     public func register(with registrar: ModuleRegistrar) throws {}
    /// }
    /// ```
    static var name: String { get }

    /// Creates the module. Called once per registration, before ``register(with:)``.
    ///
    /// ```swift
    /// public final class CirclesModule: Module {
    ///     public init() {}  // keep it cheap: work belongs in startup tasks
    ///     public func register(with registrar: ModuleRegistrar) throws {}
    /// }
    /// ```
    init()

    /// Contributes routes, startup tasks and services through `registrar`.
    ///
    /// Registration is all-or-nothing: if this method throws, or anything it registers conflicts
    /// with what is already registered, nothing it registered remains.
    /// - Parameter registrar: Records each contribution with this module as its owner.
    /// - Throws: Any error; it is reported with the module's name and image.
    ///
    /// ```swift
    /// public func register(with registrar: ModuleRegistrar) throws {
    ///     registrar.route("app://circles", title: "Circles") { _ in CirclesScreen() }
    ///     registrar.startupTask("circles.cache") { try await CircleCache.shared.warm() }
    ///     registrar.provide(CircleStore.self, CircleStore())
    /// }
    /// ```
    func register(with registrar: ModuleRegistrar) throws
}

extension Module {
    /// The module-qualified type name, for example `GreeterPlugin.GreeterModule`.
    ///
    /// Read from the type's metadata without a protocol-conformance lookup, which would scan every
    /// conformance in the process for each newly loaded module type.
    ///
    /// ```swift
    /// GreeterModule.name  // "GreeterPlugin.GreeterModule"
    /// ```
    public static var name: String { qualifiedName(of: Self.self) }
}

/// A module type with its ``Module/name``, read once: loading reads each name several times
/// (sorting, reporting, registering), and every read of a type's name asks the runtime again.
typealias NamedModule = (type: any Module.Type, name: String)

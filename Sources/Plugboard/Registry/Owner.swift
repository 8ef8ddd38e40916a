/// Who registered something: a module, and the image (executable or plugin file) it came from.
///
/// ```swift
/// let owner = Registry.shared.snapshot.routes[0].owner
/// print(owner)  // module Circles.CirclesModule (libCircles.so)
/// ```
public struct Owner: Sendable, Hashable, Codable, CustomStringConvertible {
    /// The module's ``Module/name``.
    ///
    /// ```swift
    /// owner.module  // "Circles.CirclesModule"
    /// ```
    public let module: String
    /// The path of the executable or shared object that contains the module.
    ///
    /// ```swift
    /// owner.image  // "/app/plugins/libCircles.so"
    /// ```
    public let image: String

    /// Creates an owner.
    /// - Parameters:
    ///   - module: The module's name.
    ///   - image: The path of the image that contains the module.
    ///
    /// ```swift
    /// let owner = Owner(module: "Tests.FakeModule", image: "tests")
    /// ```
    public init(module: String, image: String) {
        self.module = module
        self.image = image
    }

    /// `module GreeterPlugin.GreeterModule (libGreeterPlugin.so)`.
    ///
    /// ```swift
    /// owner.description  // "module Circles.CirclesModule (libCircles.so)"
    /// ```
    public var description: String {
        let file = image.split(separator: "/").last.map(String.init) ?? image
        return "module \(module.shown) (\(file.escapingControlCharacters))"
    }
}

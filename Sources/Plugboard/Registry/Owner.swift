/// Who registered something: a module, and the image (executable or plugin file) it came from.
public struct Owner: Sendable, Hashable, CustomStringConvertible {
    /// The module's ``Module/name``.
    public let module: String
    /// The path of the executable or shared object that contains the module.
    public let image: String

    /// Creates an owner.
    /// - Parameters:
    ///   - module: The module's name.
    ///   - image: The path of the image that contains the module.
    public init(module: String, image: String) {
        self.module = module
        self.image = image
    }

    /// `module GreeterPlugin.GreeterModule (libGreeterPlugin.so)`.
    public var description: String {
        "module \(module) (\(image.split(separator: "/").last.map(String.init) ?? image))"
    }
}

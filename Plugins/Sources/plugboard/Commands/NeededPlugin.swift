import FoundationEssentials
import Plugboard

/// The installed plugin a new plugin needs (`plugboard new NAME --needs PLUGIN`): where its
/// package is, the module a dependent imports, and the service the new plugin looks up. A plugin's
/// module can be imported only from a package of its own (a target of the same package would be
/// linked in as a second copy), so the plugins that can be needed are the bundled ones that have
/// one.
struct NeededPlugin {
    /// Its name and version, as its manifest gives them.
    let name: String
    let version: String
    /// Its package's directory.
    let package: String
    /// Its Swift module, which is also its library product's name (`AccountPlugin`).
    let module: String
    /// Its module type, which a test of the new plugin registers beside the new one's.
    let moduleType: String
    /// The service it provides that the new plugin looks up, in its module (`ReaderSessions`).
    let service: String

    /// The bundled plugin `name`, read from its file.
    /// - Throws: `HostError` when no bundled plugin of that name has a package of its own, or it
    ///   provides no service.
    init(named name: String) throws {
        let packages = BundledPlugins.names.filter { Self.package(of: $0) != nil }
        guard let package = Self.package(of: name) else {
            throw HostError.failed(
                "'\(name)' cannot be needed: a plugin's module can be imported only from a package of its own, "
                    + "which of the bundled plugins \(packages.joined(separator: ", ")) \(packages.count == 1 ? "has" : "have"); "
                    + "choose one of them, or depend on your plugin's package by hand (see the article "
                    + "'Between plugins')")
        }
        // The bundled plugins' paths are in the order of their names.
        guard let file = try zip(BundledPlugins.names, BundledPlugins.paths()).first(where: { $0.0 == name })?.1
        else { throw HostError.failed("the bundled plugin \(name) is not built") }
        let manifest = try ChildDescription.describe(file).manifest
        guard let moduleName = manifest.modules.first, let dot = moduleName.firstIndex(of: "."),
            let service = manifest.services.first
        else {
            throw HostError.failed("\(name) provides no service for a plugin to look up; choose another plugin")
        }
        self.name = manifest.name
        version = manifest.version
        self.package = package
        module = String(moduleName[..<dot])
        moduleType = String(moduleName[moduleName.index(after: dot)...])
        self.service = service.hasPrefix(module + ".") ? String(service.dropFirst(module.count + 1)) : service
    }

    /// The package directory of the bundled plugin `name`, if it has one of its own.
    private static func package(of name: String) -> String? {
        let directory = PathText.joining(SourceTree.pluginsPackage, name)
        return FileManager.default.fileExists(atPath: PathText.joining(directory, "Package.swift")) ? directory : nil
    }
}

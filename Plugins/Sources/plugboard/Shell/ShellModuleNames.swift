import Plugboard

extension ShellSession {
    /// The module that `name` names in the shell's `disable` and `enable`: its full name
    /// (`CirclesPlugin.CirclesModule`), or a short one when it names one module only — the type's
    /// own name (`CirclesModule`), its Swift module's (`CirclesPlugin`), or its plugin's
    /// (`Circles`). A name that matches none is returned as it is, for the registry to refuse
    /// with the nearest names.
    /// - Throws: ``HostError/failed(_:)`` when a short name names several modules.
    static func module(named name: String, in snapshot: RegistrySnapshot) throws -> String {
        let modules = snapshot.knownModules
        if modules.contains(name) { return name }
        let matching = modules.filter { module in
            let parts = module.split(separator: ".", maxSplits: 1)
            return parts.first == Substring(name) || parts.last == Substring(name)
                || snapshot.plugins.contains { $0.manifest.name == name && $0.modules.contains(module) }
                || snapshot.inactiveModules[module] == name
        }
        guard matching.count <= 1 else {
            throw HostError.failed(
                "'\(name)' names \(matching.count) modules: \(matching.sorted().joined(separator: ", ")); give one's "
                    + "full name")
        }
        return matching.first ?? name
    }
}

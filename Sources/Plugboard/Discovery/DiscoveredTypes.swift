internal import CPlugboard

/// The modules and plugin declarations found in one image.
struct DiscoveredTypes {
    /// Module types and their names, sorted by name.
    var modules: [NamedModule] = []
    /// Types declaring a plugin manifest.
    var plugins: [any Plugin.Type] = []
    /// Types that conform but cannot be used, with the reason.
    var skipped: [(typeName: String, reason: String)] = []

    /// Finds the conformances to ``Module`` and ``Plugin`` in `image`.
    init(scanning image: PBImage) {
        for found in ImageScanner.conformances(in: image, to: pb_module_protocol()) {
            if let witness = found.witness {
                let type = unsafeBitCast(witness, to: (any Module.Type).self)
                modules.append((type, type.name))
            } else {
                skipped.append((found.typeName, found.skipReason ?? "unusable"))
            }
        }
        for found in ImageScanner.conformances(in: image, to: pb_plugin_protocol()) {
            if let witness = found.witness {
                plugins.append(unsafeBitCast(witness, to: (any Plugin.Type).self))
            } else {
                skipped.append((found.typeName, found.skipReason ?? "unusable"))
            }
        }
        modules.sort { $0.name < $1.name }
    }
}

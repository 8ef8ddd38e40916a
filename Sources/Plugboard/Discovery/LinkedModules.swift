internal import CPlugboard

/// The outcome of registering the modules linked into the running program.
///
/// ```swift
/// let linked = Registry.shared.registerLinkedModules()
/// for failure in linked.failures { print(failure) }
/// ```
public struct LinkedModules: Sendable {
    /// Modules registered, in registration order.
    ///
    /// ```swift
    /// linked.registered.map(\.name)  // ["Shell.ShellModule", …]
    /// ```
    public internal(set) var registered: [RegisteredModule] = []
    /// One error per image whose modules were refused; nothing of that image was kept.
    ///
    /// ```swift
    /// for failure in linked.failures { print("refused:", failure) }
    /// ```
    public internal(set) var failures: [RegistrationError] = []
    /// Types that conform to ``Module`` but cannot be instantiated, with the reason.
    ///
    /// ```swift
    /// for reason in linked.skipped { print("not registered:", reason) }  // e.g. a generic module type
    /// ```
    public internal(set) var skipped: [String] = []
}

extension Registry {
    /// Finds every ``Module`` compiled into the running program and the libraries it links, and
    /// registers them, one image at a time, all-or-nothing per image.
    ///
    /// Images that declare a ``Plugin`` are left to ``PluginLoader``, which checks them first.
    /// A host's `main` calls this once at start instead of naming any module:
    ///
    /// ```swift
    /// let linked = Registry.shared.registerLinkedModules()
    /// for failure in linked.failures { print(failure) }
    /// ```
    /// - Returns: What was registered, refused and skipped.
    @discardableResult
    public func registerLinkedModules() -> LinkedModules {
        var outcome = LinkedModules()
        for image in ImageScanner.loadedImages() where ImageScanner.canRead(image) {
            let found = DiscoveredTypes(scanning: image)
            guard found.plugins.isEmpty, !found.modules.isEmpty else { continue }
            outcome.skipped += found.skipped.map { "\($0.typeName): \($0.reason)" }
            let base = UInt(bitPattern: image.baseAddress)
            guard linkedImages.withLock({ $0.insert(base).inserted }) else { continue }
            let path = ImageScanner.path(of: image)
            do {
                try register(found.modules, image: path, plugin: nil)
                let names = Set(found.modules.map(\.name))
                outcome.registered += snapshot.modules.filter { names.contains($0.name) }
            } catch {
                outcome.failures.append(error)
            }
        }
        return outcome
    }
}

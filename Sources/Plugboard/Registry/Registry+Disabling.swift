extension Registry {
    /// Switches a module off: its routes answer ``LookupError/moduleDisabled(url:module:)`` and
    /// its startup tasks are skipped with the reason. Plugins are never unloaded (the Swift
    /// runtime keeps pointers into every image it has seen); disabling is the way to turn one off.
    ///
    /// ```swift
    /// try Registry.shared.disable(module: "Circles.CirclesModule")
    /// ```
    /// - Parameter module: The module's name.
    /// - Throws: ``ModuleNotFoundError`` when no such module is registered.
    public func disable(module: String) throws(ModuleNotFoundError) {
        try setDisabled(true, module: module)
    }

    /// Switches a disabled module back on.
    /// - Parameter module: The module's name.
    /// - Throws: ``ModuleNotFoundError`` when no such module is registered.
    ///
    /// ```swift
    /// try Registry.shared.enable(module: "Circles.CirclesModule")
    /// ```
    public func enable(module: String) throws(ModuleNotFoundError) {
        try setDisabled(false, module: module)
    }

    private func setDisabled(_ disabled: Bool, module: String) throws(ModuleNotFoundError) {
        try update { snapshot throws(ModuleNotFoundError) in
            let names = snapshot.knownModules
            guard names.contains(module) else {
                throw ModuleNotFoundError(module: module, suggestions: NearestNames.nearest(to: module, in: names))
            }
            if disabled {
                snapshot.disabledModules.insert(module)
            } else {
                snapshot.disabledModules.remove(module)
            }
        }
    }
}

/// No module of this name is registered.
///
/// ```swift
/// do {
///     try Registry.shared.disable(module: "Circcles")
/// } catch {
///     print(error)  // no module named 'Circcles'; did you mean …?
/// }
/// ```
public struct ModuleNotFoundError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The name asked for.
    ///
    /// ```swift
    /// catch { print(error.module) }  // "Circcles"
    /// ```
    public let module: String
    /// The nearest registered module names.
    ///
    /// ```swift
    /// catch { print(error.suggestions) }  // ["Circles.CirclesModule"]
    /// ```
    public let suggestions: [String]

    /// `no module named …; did you mean …?`.
    ///
    /// ```swift
    /// catch { print(error.description) }
    /// ```
    public var description: String {
        "no module named '\(module)' is registered"
            + (suggestions.isEmpty ? "" : "; did you mean \(suggestions.map { "'\($0)'" }.joined(separator: ", "))?")
    }
}

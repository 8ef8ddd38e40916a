/// Why resolution keeps a plugin file from loading, with the whole chain to the root cause.
///
/// ```swift
/// for refusal in PluginResolver.resolve(candidates).refusals {
///     print(refusal)  // Blog 2.1.0 not loaded: it needs Account >=1.2.0 <2.0.0, and Account 1.4.0 was refused: …
/// }
/// ```
public struct PluginRefusal: Error, Sendable, Hashable, CustomStringConvertible {
    /// The refused plugin file.
    ///
    /// ```swift
    /// refusal.candidate.path  // "plugins/libBlog.so"
    /// ```
    public let candidate: PluginCandidate
    /// Why it was refused.
    ///
    /// ```swift
    /// if case .missingDependency(let dependency) = refusal.reason { print("install", dependency.name) }
    /// ```
    public let reason: Reason

    /// Why a plugin was refused.
    ///
    /// ```swift
    /// switch refusal.reason {
    /// case .missingDependency(let dependency): print("install", dependency.name)
    /// default: print(refusal)
    /// }
    /// ```
    public indirect enum Reason: Sendable, Hashable {
        /// The file was refused before resolution, for this reason.
        ///
        /// ```swift
        /// if case .refusedFile(let reason) = refusal.reason { print(reason) }  // its file is writable by others
        /// ```
        case refusedFile(String)
        /// Its manifest is not valid: a version that is no semantic version, a malformed dependency.
        ///
        /// ```swift
        /// if case .invalidManifest(let problem) = refusal.reason { print(problem) }
        /// ```
        case invalidManifest(String)
        /// No installed plugin has the name of a required dependency.
        ///
        /// ```swift
        /// if case .missingDependency(let dependency) = refusal.reason { print("install", dependency.name) }
        /// ```
        case missingDependency(PluginDependency)
        /// The installed versions of a required dependency all lie outside its range.
        ///
        /// ```swift
        /// if case .outsideRange(let dependency, let installed) = refusal.reason { print(dependency, installed) }
        /// ```
        case outsideRange(PluginDependency, installed: [String])
        /// The version chosen for a dependency, the highest installed, is outside this plugin's
        /// range, while another plugin needs a range it satisfies: no single version satisfies both.
        ///
        /// ```swift
        /// if case .conflict(let dependency, let chosen, let other, let range) = refusal.reason { print(other, range) }
        /// ```
        case conflict(PluginDependency, chosen: String, other: String, otherNeeds: VersionRange)
        /// A required dependency was refused itself: the chain goes on in `because`.
        ///
        /// ```swift
        /// if case .dependencyRefused(_, let because) = refusal.reason { print(because) }
        /// ```
        case dependencyRefused(PluginDependency, because: PluginRefusal)
        /// Its required dependencies lead back to it.
        ///
        /// ```swift
        /// if case .cycle(let names) = refusal.reason { print(names.joined(separator: " -> ")) }
        /// ```
        case cycle([String])
        /// Another version of the same plugin was chosen: the highest that every dependent accepts.
        ///
        /// ```swift
        /// if case .otherVersionChosen(let version, let path) = refusal.reason { print(version, path) }
        /// ```
        case otherVersionChosen(String, path: String)
    }

    /// Creates a refusal.
    ///
    /// ```swift
    /// PluginRefusal(candidate: blog, reason: .missingDependency(.plugin("Account", from: "1.2.0")))
    /// ```
    /// - Parameters:
    ///   - candidate: The refused plugin file.
    ///   - reason: Why.
    public init(candidate: PluginCandidate, reason: Reason) {
        self.candidate = candidate
        self.reason = reason
    }

    /// The refusal at the end of the chain: this one, unless a dependency's refusal caused it.
    ///
    /// ```swift
    /// refusal.rootCause.candidate.name  // "Account"
    /// ```
    public var rootCause: PluginRefusal {
        if case .dependencyRefused(_, let because) = reason { return because.rootCause }
        return self
    }

    /// `Blog 2.1.0 not loaded: …`, with the whole chain.
    ///
    /// ```swift
    /// print(refusal)  // Blog 2.1.0 not loaded: it needs Account >=1.2.0 <2.0.0, and no Account is installed
    /// ```
    public var description: String {
        "\(candidate.title) not loaded: \(explanation)"
    }

    /// Why, as ``description`` gives it after `… not loaded: `; a dependency's refusal continues
    /// as `X was refused: …`.
    ///
    /// ```swift
    /// print(refusal.explanation)  // it needs Account >=1.2.0 <2.0.0, and no Account is installed; …
    /// ```
    public var explanation: String {
        switch reason {
        case .refusedFile(let reason):
            return reason
        case .invalidManifest(let problem):
            return "its manifest is not valid: \(problem)"
        case .missingDependency(let dependency):
            return "it needs \(dependency.name) \(dependency.versions), and no \(dependency.name) is installed; "
                + "install it, or declare the dependency optional"
        case .outsideRange(let dependency, let installed):
            return "it needs \(dependency.name) \(dependency.versions), and the installed \(dependency.name) is "
                + "\(installed.joined(separator: ", ")); install a version in the range, or widen it"
        case .conflict(let dependency, let chosen, let other, let otherNeeds):
            return
                "it needs \(dependency.name) \(dependency.versions), \(other) needs \(dependency.name) \(otherNeeds), "
                + "and no installed version satisfies both (\(dependency.name) \(chosen) was chosen)"
        case .dependencyRefused(let dependency, let because):
            return "it needs \(dependency.name) \(dependency.versions), and \(because.candidate.title) was refused: "
                + because.explanation
        case .cycle(let names):
            return "its dependencies form a cycle: \(names.joined(separator: " -> "))"
        case .otherVersionChosen(let version, let path):
            return "\(candidate.name) \(version) (\(PluginLoader.shown(path: path))) was chosen instead, the highest "
                + "version that every plugin needing it accepts"
        }
    }
}

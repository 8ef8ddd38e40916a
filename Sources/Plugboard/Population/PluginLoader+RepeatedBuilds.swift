extension PluginLoader {
    /// `candidates` without the later copies of a plugin that hold the same build as an earlier one
    /// — the same name and version, and the same ``buildIdentity(ofFileAt:)`` — each with the copy
    /// it repeats: one plugin found twice, not two. The package of a plugin that imports another
    /// plugin's module builds that plugin too, into its build directory, so that a host given that
    /// directory beside the installed plugins finds both. A copy of another build (another version,
    /// or other code under the same version) stays among the candidates, for the loader to refuse
    /// as a second copy.
    /// - Parameter candidates: The population's files, in the order found; the first copy is kept.
    /// - Returns: The candidates to resolve, and each copy left out with the one it repeats.
    /// - Complexity: Only the files whose name and version an earlier file has are read again.
    ///
    /// ```swift
    /// let (kept, repeated) = PluginLoader.withoutRepeatedBuilds(candidates)
    /// for (copy, first) in repeated { print(copy.path, "is the same build as", first.path) }
    /// ```
    public static func withoutRepeatedBuilds(
        _ candidates: [PluginCandidate]
    ) -> (kept: [PluginCandidate], repeated: [(copy: PluginCandidate, first: PluginCandidate)]) {
        var kept: [PluginCandidate] = []
        var repeated: [(copy: PluginCandidate, first: PluginCandidate)] = []
        var identities: [String: String?] = [:]  // by path, read once each
        func identity(of candidate: PluginCandidate) -> String? {
            if let known = identities[candidate.path] { return known }
            let read = buildIdentity(ofFileAt: candidate.path)
            identities[candidate.path] = read
            return read
        }
        for candidate in candidates {
            let first = kept.first { earlier in
                candidate.refusal == nil && earlier.refusal == nil && earlier.name == candidate.name
                    && earlier.version == candidate.version && earlier.path != candidate.path
                    && identity(of: earlier).map { $0 == identity(of: candidate) } == true
            }
            if let first { repeated.append((candidate, first)) } else { kept.append(candidate) }
        }
        return (kept, repeated)
    }
}

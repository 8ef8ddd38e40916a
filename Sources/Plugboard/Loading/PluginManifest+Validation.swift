extension PluginManifest {
    /// What is wrong with the manifest, if anything: a name that is empty or has whitespace or
    /// control characters (names are shown, compared, and listed in allowlists), a version that
    /// is not a semantic version, or a dependency that is malformed: an unusable name, on the
    /// plugin itself, named twice, or a range that is not one.
    var problem: String? {
        Self.problem(name: name, version: version, dependencies: dependencies)
    }

    /// What is wrong with a manifest of this name, version and dependencies, as ``problem`` says.
    /// A caller that has parsed the version and every dependency's range already passes `false`
    /// for `checkingVersions`.
    static func problem(
        name: String, version: String, dependencies: [PluginDependency], checkingVersions: Bool = true
    ) -> String? {
        if name.isEmpty { return "the name is empty" }
        if name.containsWhitespace || name.containsControlCharacter {
            return "the name \(name.debugDescription) has whitespace or control characters"
        }
        if checkingVersions, SemanticVersion(version) == nil {
            if version.allSatisfy(\.isWhitespace) { return "the version is empty" }
            if version.containsControlCharacter {
                return "the version \(version.debugDescription) has control characters"
            }
            return "the version \(version.debugDescription) is not a semantic version; write MAJOR.MINOR.PATCH, "
                + "such as 1.0.0 or 2.1.0-beta.1"
        }
        // A few dependencies are compared with each other; a set pays only for many.
        var named: Set<String>? = dependencies.count > 8 ? [] : nil
        for (position, dependency) in dependencies.enumerated() {
            let dependencyName = dependency.name
            if dependencyName.isEmpty || dependencyName.containsWhitespace || dependencyName.containsControlCharacter {
                return "a dependency's name \(dependencyName.debugDescription) is empty or has whitespace or control "
                    + "characters"
            }
            if dependencyName == name { return "it depends on itself" }
            let namedTwice =
                named?.insert(dependencyName).inserted == false
                || (named == nil && dependencies[..<position].contains { $0.name == dependencyName })
            if namedTwice { return "it names its dependency on \(dependencyName) twice" }
            if checkingVersions, let problem = dependency.versions.problem {
                return "its dependency on \(dependencyName): \(problem)"
            }
        }
        return nil
    }
}

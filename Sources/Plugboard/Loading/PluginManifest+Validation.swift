extension PluginManifest {
    /// What is wrong with the manifest, if anything: a name that is empty or has whitespace or
    /// control characters (names are shown, compared, and listed in allowlists), a version that
    /// is not a semantic version, or a dependency that is malformed: an unusable name, on the
    /// plugin itself, named twice, or a range that is not one.
    var problem: String? {
        if name.isEmpty { return "the name is empty" }
        if name.containsWhitespace || name.containsControlCharacter {
            return "the name \(name.debugDescription) has whitespace or control characters"
        }
        if version.allSatisfy(\.isWhitespace) { return "the version is empty" }
        if version.containsControlCharacter { return "the version \(version.debugDescription) has control characters" }
        if SemanticVersion(version) == nil {
            return "the version \(version.debugDescription) is not a semantic version; write MAJOR.MINOR.PATCH, "
                + "such as 1.0.0 or 2.1.0-beta.1"
        }
        var named: Set<String> = []
        for dependency in dependencies {
            let name = dependency.name
            if name.isEmpty || name.containsWhitespace || name.containsControlCharacter {
                return "a dependency's name \(name.debugDescription) is empty or has whitespace or control characters"
            }
            if name == self.name { return "it depends on itself" }
            if !named.insert(name).inserted { return "it names its dependency on \(name) twice" }
            if let problem = dependency.versions.problem {
                return "its dependency on \(name): \(problem)"
            }
        }
        return nil
    }
}

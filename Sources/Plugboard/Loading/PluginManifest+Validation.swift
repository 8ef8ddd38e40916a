extension PluginManifest {
    /// What is wrong with the manifest, if anything: a name that is empty or has whitespace or
    /// control characters (names are shown, compared, and listed in allowlists), or a version
    /// that is empty or has control characters.
    var problem: String? {
        if name.isEmpty { return "the name is empty" }
        if name.containsWhitespace || name.containsControlCharacter {
            return "the name \(name.debugDescription) has whitespace or control characters"
        }
        if version.allSatisfy(\.isWhitespace) { return "the version is empty" }
        if version.containsControlCharacter { return "the version \(version.debugDescription) has control characters" }
        return nil
    }
}

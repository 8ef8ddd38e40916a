import Testing

@testable import Plugboard

/// The loader refuses a manifest whose name or version it cannot show, compare or list.
struct PluginManifestTests {
    @Test(
        arguments: [
            ("Circles", "1.0.0", nil),
            ("Über-Plugin_2", "0.1", nil),
            ("", "1.0.0", "the name is empty"),
            ("My Plugin", "1.0.0", "the name \"My Plugin\" has whitespace or control characters"),
            ("Tab\tbed", "1.0.0", "the name \"Tab\\tbed\" has whitespace or control characters"),
            ("Bell\u{7}", "1.0.0", "the name \"Bell\\u{07}\" has whitespace or control characters"),
            ("Circles", "", "the version is empty"),
            ("Circles", "  ", "the version is empty"),
            ("Circles", "1.0\u{1B}[2J", "the version \"1.0\\u{1B}[2J\" has control characters"),
            ("Circles", "1.0-β", nil),
        ] as [(String, String, String?)])
    func aManifestIsCheckedForANameAndAVersion(name: String, version: String, problem: String?) {
        #expect(PluginManifest(name: name, version: version, fingerprint: .current).problem == problem)
    }
}

import Testing

@testable import Plugboard

/// The loader refuses a manifest whose name, version or dependencies it cannot show, compare, list
/// or resolve.
struct PluginManifestTests {
    @Test(
        arguments: [
            ("Circles", "1.0.0", nil),
            ("Über-Plugin_2", "0.1.0", nil),
            ("", "1.0.0", "the name is empty"),
            ("My Plugin", "1.0.0", "the name \"My Plugin\" has whitespace or control characters"),
            ("Tab\tbed", "1.0.0", "the name \"Tab\\tbed\" has whitespace or control characters"),
            ("Bell\u{7}", "1.0.0", "the name \"Bell\\u{07}\" has whitespace or control characters"),
            ("Circles", "", "the version is empty"),
            ("Circles", "  ", "the version is empty"),
            ("Circles", "1.0\u{1B}[2J", "the version \"1.0\\u{1B}[2J\" has control characters"),
            ("Circles", "1.0.0-beta.1+build.5", nil),
            (
                "Circles", "0.1",
                "the version \"0.1\" is not a semantic version; write MAJOR.MINOR.PATCH, such as 1.0.0 or 2.1.0-beta.1"
            ),
            (
                "Circles", "v1.0.0",
                "the version \"v1.0.0\" is not a semantic version; write MAJOR.MINOR.PATCH, such as 1.0.0 or 2.1.0-beta.1"
            ),
        ] as [(String, String, String?)])
    func aManifestIsCheckedForANameAndAVersion(name: String, version: String, problem: String?) {
        #expect(PluginManifest(name: name, version: version, fingerprint: .current).problem == problem)
    }

    @Test(
        arguments: [
            (PluginDependency.plugin("Account", from: "1.2.0"), nil),
            (.plugin("Analytics", "1.0.0"..<"3.0.0", optional: true), nil),
            (
                .plugin("Account", "3.0.0"..<"1.0.0"),
                "its dependency on Account: the range >=3.0.0 <1.0.0 holds no version"
            ),
            (
                .plugin("Account", "1.0.0"..<"1.0.0"),
                "its dependency on Account: the range >=1.0.0 <1.0.0 holds no version"
            ),
            (
                .plugin("Account", from: "1.2"),
                "its dependency on Account: '1.2' is not a semantic version (such as 1.4.0 or 2.0.0-beta.1)"
            ),
            (
                .plugin("Account", exact: "x"),
                "its dependency on Account: 'x' is not a semantic version (such as 1.4.0 or 2.0.0-beta.1)"
            ),
            (.plugin("Circles", from: "1.0.0"), "it depends on itself"),
            (
                .plugin("Two Words", from: "1.0.0"),
                "a dependency's name \"Two Words\" is empty or has whitespace or control characters"
            ),
        ] as [(PluginDependency, String?)])
    func aDependencyIsCheckedWithoutEverTrapping(dependency: PluginDependency, problem: String?) {
        let manifest = PluginManifest(
            name: "Circles", version: "1.0.0", dependencies: [dependency], fingerprint: .current)
        #expect(manifest.problem == problem)
    }

    @Test func aDependencyNamedTwiceIsRefused() {
        let manifest = PluginManifest(
            name: "Blog", version: "1.0.0",
            dependencies: [.plugin("Account", from: "1.0.0"), .plugin("Account", from: "2.0.0")], fingerprint: .current)
        #expect(manifest.problem == "it names its dependency on Account twice")
        // Among many dependencies too, where they are told apart another way than among a few.
        let many = PluginManifest(
            name: "Blog", version: "1.0.0",
            dependencies: (0..<12).map { .plugin("P\($0)", from: "1.0.0") } + [.plugin("P7", from: "1.0.0")],
            fingerprint: .current)
        #expect(many.problem == "it names its dependency on P7 twice")
        let distinct = PluginManifest(
            name: "Blog", version: "1.0.0", dependencies: (0..<12).map { .plugin("P\($0)", from: "1.0.0") },
            fingerprint: .current)
        #expect(distinct.problem == nil)
    }
}

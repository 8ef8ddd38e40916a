import Testing

@testable import Plugboard

/// A new build of a plugin whose version an active plugin that needs it does not accept is
/// refused by name, before it replaces the old build.
struct ReloadDependentsTests {
    private func member(
        _ name: String, _ version: String, needs: [PluginDependency] = [], active: Bool = true
    ) -> PluginPopulation.Member {
        PluginPopulation.Member(
            candidate: PluginCandidate(path: "lib\(name).so", name: name, version: version, dependencies: needs),
            manifest: SealedManifest(
                name: name, version: version, runtimeVersion: "", toolchain: "", architecture: "x86_64", modules: [],
                routes: [], tasks: [], dependencies: needs),
            state: active ? .active : .declared)
    }

    @Test func aNewVersionOutsideTheRangeOfAnActivePluginThatNeedsItIsNamed() {
        let members = [
            member("Account", "1.4.0"), member("Blog", "2.1.0", needs: [.plugin("Account", from: "1.2.0")]),
            member("Forum", "1.0.0", needs: [.plugin("Account", from: "1.0.0")], active: false),
        ]
        #expect(PluginPopulation.dependent(breaking: "Account", at: "1.9.0", among: members) == nil)
        let found = PluginPopulation.dependent(breaking: "Account", at: "2.0.0", among: members)
        #expect(found?.0.name == "Blog" && found?.1.description == "Account >=1.2.0 <2.0.0")
        // A plugin not active yet is checked against the version loaded when it activates.
        #expect(PluginPopulation.dependent(breaking: "Account", at: "0.9.0", among: [members[0], members[2]]) == nil)
        let error = ActivationError.breaksDependent(
            plugin: "Account", version: "2.0.0", dependent: "Blog 2.1.0", needs: .plugin("Account", from: "1.2.0"))
        #expect(
            error.description
                == "the new build of 'Account' is version 2.0.0, but Blog 2.1.0, which is active, needs Account "
                + ">=1.2.0 <2.0.0: the old build stays; keep the version, or first give Blog 2.1.0 a build that "
                + "accepts it")
    }
}

import Plugboard
import Testing

/// Semantic Versioning 2.0.0: the strings it accepts, and its precedence (semver.org's examples).
struct SemanticVersionTests {
    /// semver.org's list of valid versions, each read back as written.
    @Test(arguments: [
        "0.0.4", "1.2.3", "10.20.30", "1.1.2-prerelease+meta", "1.1.2+meta", "1.1.2+meta-valid", "1.0.0-alpha",
        "1.0.0-beta", "1.0.0-alpha.beta", "1.0.0-alpha.beta.1", "1.0.0-alpha.1", "1.0.0-alpha0.valid",
        "1.0.0-alpha.0valid", "1.0.0-alpha-a.b-c-somethinglong+build.1-aef.1-its-okay", "1.0.0-rc.1+build.1",
        "2.0.0-rc.1+build.123", "1.2.3-beta", "10.2.3-DEV-SNAPSHOT", "1.2.3-SNAPSHOT-123", "1.0.0", "2.0.0", "1.1.7",
        "2.0.0+build.1848", "2.0.1-alpha.1227", "1.0.0-alpha+beta", "1.2.3----RC-SNAPSHOT.12.9.1--.12+788",
        "1.2.3----R-S.12.9.1--.12+meta", "1.2.3----RC-SNAPSHOT.12.9.1--.12", "1.0.0+0.build.1-rc.10000aaa-kk-0.1",
        "1.0.0-0A.is.legal", "18446744073709551615.0.0",
    ])
    func aValidVersionIsReadAsWritten(text: String) throws {
        let version = try #require(SemanticVersion(text))
        #expect(version.description == text)
        #expect(SemanticVersion(version.description) == version)
    }

    /// semver.org's list of invalid versions, and others a person might write.
    @Test(arguments: [
        "1", "1.2", "1.2.3-0123", "1.2.3-0123.0123", "1.1.2+.123", "+invalid", "-invalid", "-invalid+invalid",
        "-invalid.01", "alpha", "alpha.beta", "alpha.beta.1", "alpha.1", "alpha+beta", "alpha_beta", "alpha.",
        "alpha..", "beta", "1.0.0-alpha_beta", "-alpha.", "1.0.0-alpha..", "1.0.0-alpha..1", "1.0.0-alpha...1",
        "01.1.1", "1.01.1", "1.1.01", "1.2.3.DEV", "1.2-SNAPSHOT", "1.2.31.2.3----RC-SNAPSHOT.12.09.1--..12+788",
        "1.2-RC-SNAPSHOT", "-1.0.3-gamma+b7718", "+justmeta", "9.8.7+meta+meta", "9.8.7-whatever+meta+meta",
        "v1.0.0", " 1.0.0", "1.0.0 ", "1.0.0-", "1.0.0+", "1.0.0-é", "1..0", "", "18446744073709551616.0.0",
    ])
    func anythingElseIsRefused(text: String) {
        #expect(SemanticVersion(text) == nil)
    }

    @Test func precedenceFollowsSection11() throws {
        let ordered = try [
            "1.0.0-alpha", "1.0.0-alpha.1", "1.0.0-alpha.beta", "1.0.0-beta", "1.0.0-beta.2", "1.0.0-beta.11",
            "1.0.0-rc.1", "1.0.0", "2.0.0", "2.1.0", "2.1.1",
        ].map { try #require(SemanticVersion($0)) }
        for (lower, higher) in zip(ordered, ordered.dropFirst()) {
            #expect(lower < higher, "\(lower) < \(higher)")
            #expect(!(higher < lower), "not \(higher) < \(lower)")
        }
        #expect(ordered.shuffled().sorted() == ordered)
    }

    @Test func buildMetadataTakesNoPartInPrecedence() throws {
        let first = try #require(SemanticVersion("1.0.0+linux.1"))
        let second = try #require(SemanticVersion("1.0.0+linux.2"))
        #expect(first == second)
        #expect(!(first < second) && !(second < first))
        #expect(Set([first, second]).count == 1)
        #expect(first.description != second.description)
    }

    @Test func numericIdentifiersCompareAsNumbersBelowAlphanumericOnes() throws {
        #expect(try #require(SemanticVersion("1.0.0-2")) < #require(SemanticVersion("1.0.0-10")))
        #expect(try #require(SemanticVersion("1.0.0-999")) < #require(SemanticVersion("1.0.0-a")))
        #expect(try #require(SemanticVersion("1.0.0-B")) < #require(SemanticVersion("1.0.0-a")))  // ASCII order
        #expect(
            try #require(SemanticVersion("1.0.0-18446744073709551616"))
                > #require(SemanticVersion("1.0.0-18446744073709551615")))
    }
}

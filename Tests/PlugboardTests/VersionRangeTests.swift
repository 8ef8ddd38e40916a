import Plugboard
import Testing

/// Dependencies' version ranges, in SwiftPM's idiom, with the rule for pre-releases.
struct VersionRangeTests {
    private func version(_ text: String) throws -> SemanticVersion {
        try #require(SemanticVersion(text))
    }

    @Test func fromMeansUpToTheNextMajorAndUpToNextMinorToTheNextMinor() throws {
        let major = VersionRange.upToNextMajor(from: "1.2.0")
        #expect(major.description == ">=1.2.0 <2.0.0")
        #expect(try major.contains(version("1.2.0")) && major.contains(version("1.9.9")))
        #expect(try !major.contains(version("1.1.9")) && !major.contains(version("2.0.0")))
        let minor = VersionRange.upToNextMinor(from: "0.4.1")
        #expect(minor.description == ">=0.4.1 <0.5.0")
        #expect(try minor.contains(version("0.4.7")) && !minor.contains(version("0.5.0")))
        let exact = VersionRange.exactly("3.1.4")
        #expect(try exact.contains(version("3.1.4+build.2")) && !exact.contains(version("3.1.5")))
        let range: VersionRange = "1.0.0"..<"3.0.0"
        #expect(try range.contains(version("2.5.0")) && !range.contains(version("3.0.0")))
    }

    @Test func aPrereleaseMatchesOnlyARangeThatNamesAPrereleaseOfItsRelease() throws {
        // Below the upper bound by precedence, but no bound asks for a pre-release of 2.0.0.
        #expect(try !VersionRange.upToNextMajor(from: "1.2.0").contains(version("2.0.0-rc.1")))
        #expect(try !VersionRange.upToNextMajor(from: "1.2.0").contains(version("1.5.0-beta")))
        let beta: VersionRange = "2.0.0-beta.1"..<"3.0.0"
        #expect(try beta.contains(version("2.0.0-beta.2")) && beta.contains(version("2.0.0")))
        #expect(try !beta.contains(version("2.0.0-alpha")) && !beta.contains(version("2.1.0-beta")))
        #expect(try VersionRange.exactly("2.0.0-rc.1").contains(version("2.0.0-rc.1")))
    }

    @Test func anEmptyRangeOrABoundThatIsNoVersionIsAProblemAndHoldsNothing() throws {
        let backwards: VersionRange = "3.0.0"..<"1.0.0"
        #expect(backwards.problem == "the range >=3.0.0 <1.0.0 holds no version")
        #expect(try !backwards.contains(version("2.0.0")))
        #expect(
            VersionRange.upToNextMajor(from: "1.x").problem
                == "'1.x' is not a semantic version (such as 1.4.0 or 2.0.0-beta.1)")
        #expect(VersionRange.upToNextMajor(from: "1.2.0").problem == nil)
    }
}

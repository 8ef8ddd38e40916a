import Testing

@testable import Plugboard

/// "Did you mean" hints: the nearest names by edit distance, on a bounded part of the name asked for.
struct NearestNamesTests {
    @Test func theNearestComeFirstAndTiesGoByName() {
        let names = ["app://mine", "app://blog", "app://login", "app://circles"]
        #expect(NearestNames.nearest(to: "app://mien", in: names) == ["app://mine", "app://blog", "app://login"])
        #expect(NearestNames.nearest(to: "app://circle", in: names, limit: 1) == ["app://circles"])
        #expect(NearestNames.nearest(to: "x", in: []) == [])
    }

    @Test func namesThatContainTheNameAskedForComeFirst() {
        let modules = ["BlogPlugin.BlogModule", "CirclesPlugin.CirclesModule", "ShellPlugin.ShellModule"]
        #expect(NearestNames.nearest(to: "Circles", in: modules, limit: 1) == ["CirclesPlugin.CirclesModule"])
        #expect(
            NearestNames.nearest(to: "circlesmodule", in: modules)
                == ["CirclesPlugin.CirclesModule", "BlogPlugin.BlogModule", "ShellPlugin.ShellModule"])
        // With none containing it, edit distance decides: to the whole name or, nearer, to one of
        // its dot-separated parts (`Circels` is two edits from `Circles`, and far from the whole).
        #expect(NearestNames.nearest(to: "Circels", in: modules, limit: 1) == ["CirclesPlugin.CirclesModule"])
        #expect(NearestNames.nearest(to: "Blgo", in: modules, limit: 1) == ["BlogPlugin.BlogModule"])
    }

    @Test func onlyTheFirstBytesOfAHugeNameAreCompared() {
        // Compared whole, `a…ab…b` would be nearest to the b's (256 edits) rather than to the a's
        // (1,000 edits); its first 256 bytes are the a's alone.
        let prefix = String(repeating: "a", count: NearestNames.comparedLength)
        let huge = prefix + String(repeating: "b", count: 1_000)
        let candidates = [prefix, String(repeating: "b", count: 1_200)]
        #expect(NearestNames.nearest(to: huge, in: candidates, limit: 1) == [prefix])
        #expect(NearestNames.distance(Array(huge.utf8), Array(candidates[1].utf8)) == 256)
    }
}

import Plugboard
import Testing

/// Resolution works on declarations alone: which file of each plugin loads, in which order, and
/// why every other file does not.
struct PluginResolverTests {
    private func plugin(
        _ name: String, _ version: String, _ dependencies: [PluginDependency] = [], refusal: String? = nil
    ) -> PluginCandidate {
        PluginCandidate(
            path: "lib\(name)-\(version).so", name: name, version: version, dependencies: dependencies, refusal: refusal
        )
    }

    @Test func dependenciesLoadFirstAndTheRestKeepTheirOrder() {
        let resolution = PluginResolver.resolve([
            plugin("Blog", "2.1.0", [.plugin("Account", from: "1.2.0")]), plugin("Shell", "1.0.0"),
            plugin("Account", "1.4.0", [.plugin("Shell", from: "1.0.0")]), plugin("Greeter", "1.0.0"),
        ])
        #expect(resolution.order.map(\.name) == ["Shell", "Account", "Blog", "Greeter"])
        #expect(resolution.refusals.isEmpty)
    }

    @Test func aMissingRequiredDependencyRefusesThePluginAndAMissingOptionalOneDoesNot() {
        let resolution = PluginResolver.resolve([
            plugin("Blog", "2.1.0", [.plugin("Account", from: "1.2.0")]),
            plugin("Circles", "1.0.0", [.plugin("Analytics", "1.0.0"..<"3.0.0", optional: true)]),
        ])
        #expect(resolution.order.map(\.name) == ["Circles"])
        #expect(
            resolution.refusals.map(\.description) == [
                "Blog 2.1.0 not loaded: it needs Account >=1.2.0 <2.0.0, and no Account is installed; install it, or "
                    + "declare the dependency optional"
            ])
    }

    @Test func aVersionOutsideTheRangeIsNamedWithTheRange() {
        let resolution = PluginResolver.resolve([
            plugin("Blog", "2.1.0", [.plugin("Account", from: "2.0.0")]), plugin("Account", "1.4.0"),
        ])
        #expect(resolution.order.map(\.name) == ["Account"])
        #expect(
            resolution.refusals.map(\.description) == [
                "Blog 2.1.0 not loaded: it needs Account >=2.0.0 <3.0.0, and the installed Account is 1.4.0; install "
                    + "a version in the range, or widen it"
            ])
    }

    @Test func aRefusedDependencyNamesTheWholeChainToItsRootCause() {
        let resolution = PluginResolver.resolve([
            plugin("Account", "1.4.0", refusal: "its file is writable by others"),
            plugin("Blog", "2.1.0", [.plugin("Account", from: "1.2.0")]),
            plugin("Comments", "1.0.0", [.plugin("Blog", from: "2.0.0")]),
        ])
        #expect(resolution.order.isEmpty)
        #expect(
            resolution.refusals.map(\.description) == [
                "Account 1.4.0 not loaded: its file is writable by others",
                "Blog 2.1.0 not loaded: it needs Account >=1.2.0 <2.0.0, and Account 1.4.0 was refused: its file is "
                    + "writable by others",
                "Comments 1.0.0 not loaded: it needs Blog >=2.0.0 <3.0.0, and Blog 2.1.0 was refused: it needs Account "
                    + ">=1.2.0 <2.0.0, and Account 1.4.0 was refused: its file is writable by others",
            ])
        #expect(resolution.refusals[2].rootCause.candidate.name == "Account")
    }

    @Test func aCycleIsRefusedAsItsPathAndWhatNeedsItWithIt() {
        let resolution = PluginResolver.resolve([
            plugin("A", "1.0.0", [.plugin("B", from: "1.0.0")]), plugin("B", "1.0.0", [.plugin("C", from: "1.0.0")]),
            plugin("C", "1.0.0", [.plugin("A", from: "1.0.0")]), plugin("D", "1.0.0", [.plugin("A", from: "1.0.0")]),
            plugin("E", "1.0.0"),
        ])
        #expect(resolution.order.map(\.name) == ["E"])
        let reasons = Dictionary(uniqueKeysWithValues: resolution.refusals.map { ($0.candidate.name, $0.description) })
        #expect(reasons["A"] == "A 1.0.0 not loaded: its dependencies form a cycle: A -> B -> C -> A")
        #expect(reasons["B"] == "B 1.0.0 not loaded: its dependencies form a cycle: A -> B -> C -> A")
        #expect(
            reasons["D"]?.hasPrefix("D 1.0.0 not loaded: it needs A >=1.0.0 <2.0.0, and A 1.0.0 was refused") == true)
    }

    @Test func ofTwoVersionsTheHighestThatEveryDependentAcceptsIsChosenAndTheOtherNamed() {
        let resolution = PluginResolver.resolve([
            plugin("Account", "1.4.0"), plugin("Account", "2.3.0"),
            plugin("Blog", "2.1.0", [.plugin("Account", from: "1.2.0")]),
        ])
        #expect(resolution.order.map(\.path) == ["libAccount-1.4.0.so", "libBlog-2.1.0.so"])
        #expect(
            resolution.refusals.map(\.description) == [
                "Account 2.3.0 not loaded: Account 1.4.0 (libAccount-1.4.0.so) was chosen instead, the highest version "
                    + "that every plugin needing it accepts"
            ])
        // With no one to constrain it, the highest version wins.
        let alone = PluginResolver.resolve([plugin("Account", "1.4.0"), plugin("Account", "2.3.0")])
        #expect(alone.order.map(\.version) == ["2.3.0"])
    }

    @Test func whereNoVersionSatisfiesEveryDependentTheConflictNamesBothRanges() {
        let resolution = PluginResolver.resolve([
            plugin("Account", "1.4.0"), plugin("Account", "2.3.0"),
            plugin("Blog", "2.1.0", [.plugin("Account", from: "1.2.0")]),
            plugin("Forum", "1.0.0", [.plugin("Account", from: "2.0.0")]),
            plugin("Wiki", "1.0.0", [.plugin("Account", from: "2.1.0")]),
        ])
        #expect(resolution.order.map(\.title) == ["Account 2.3.0", "Forum 1.0.0", "Wiki 1.0.0"])
        #expect(
            resolution.refusals.map(\.description).contains(
                "Blog 2.1.0 not loaded: it needs Account >=1.2.0 <2.0.0, Forum 1.0.0 needs Account >=2.0.0 <3.0.0, and "
                    + "no installed version satisfies both (Account 2.3.0 was chosen)"))
    }

    @Test func filesOfEqualVersionsAreBothKeptForTheLoaderToTellTheDuplicate() {
        let first = PluginCandidate(path: "a/libGreeter.so", name: "Greeter", version: "1.0.0")
        let second = PluginCandidate(path: "b/libGreeter.so", name: "Greeter", version: "1.0.0")
        let resolution = PluginResolver.resolve([first, second])
        #expect(resolution.order == [first, second])
        #expect(resolution.refusals.isEmpty)
    }

    @Test func aManifestThatIsNotValidIsRefusedAndNeverTraps() {
        let resolution = PluginResolver.resolve([
            plugin("Blog", "2.1", []), plugin("Wiki", "1.0.0", [.plugin("Account", "3.0.0"..<"1.0.0")]),
        ])
        #expect(resolution.order.isEmpty)
        #expect(
            resolution.refusals.map(\.description) == [
                "Blog 2.1 not loaded: its manifest is not valid: the version \"2.1\" is not a semantic version; write "
                    + "MAJOR.MINOR.PATCH, such as 1.0.0 or 2.1.0-beta.1",
                "Wiki 1.0.0 not loaded: its manifest is not valid: its dependency on Account: the range >=3.0.0 <1.0.0 "
                    + "holds no version",
            ])
    }

    /// Random populations: every file is either loaded or refused, once; each loaded plugin comes
    /// after the loaded plugins it needs, in a range it accepts; the answer is the same every time.
    @Test func randomPopulationsAreResolvedConsistently() {
        var generator = SystemRandomNumberGenerator()
        for _ in 0..<200 {
            let names = (0..<8).map { "P\($0)" }
            let candidates = (0..<Int.random(in: 1...14, using: &generator)).map { index in
                let name = names.randomElement(using: &generator)!
                let version =
                    "\(Int.random(in: 1...3, using: &generator)).\(Int.random(in: 0...2, using: &generator)).0"
                let dependencies = names.filter { $0 != name }.shuffled(using: &generator)
                    .prefix(Int.random(in: 0...2, using: &generator))
                    .map {
                        PluginDependency.plugin(
                            $0, from: "\(Int.random(in: 1...3, using: &generator)).0.0",
                            optional: Bool.random(using: &generator))
                    }
                return PluginCandidate(path: "lib\(index).so", name: name, version: version, dependencies: dependencies)
            }
            let resolution = PluginResolver.resolve(candidates)
            #expect(resolution == PluginResolver.resolve(candidates))
            let loaded = resolution.order.map(\.path)
            #expect((loaded + resolution.refusals.map(\.candidate.path)).sorted() == candidates.map(\.path).sorted())
            // The first file of each plugin: a later one of an equal version is a duplicate, which
            // the loader refuses.
            for (position, candidate) in resolution.order.enumerated()
            where resolution.order.firstIndex(where: { $0.name == candidate.name }) == position {
                #expect(
                    Set(resolution.order.filter { $0.name == candidate.name }.map(\.version)) == [candidate.version],
                    "one version of \(candidate.name) loads")
                for dependency in candidate.dependencies {
                    let found = resolution.order.firstIndex { $0.name == dependency.name }
                    // An optional dependency that loads loads first too.
                    #expect(found == nil || found! < position, "\(candidate.title) uses \(dependency)")
                    if !dependency.isOptional {
                        #expect(found != nil && found! < position, "\(candidate.title) needs \(dependency)")
                        if let found {
                            #expect(dependency.versions.contains(SemanticVersion(resolution.order[found].version)!))
                        }
                    }
                }
            }
        }
    }

    /// Many more names than files, so that the table numbering them grows past its first size:
    /// each name keeps its own number, and each dependency finds its own plugin or none.
    @Test func namesBeyondTheFilesCountKeepTheirOwnNumbers() {
        // P0…P39 each name five optional dependencies that no file has (Q0…Q199); each even one
        // needs the odd one after it; R needs Q7.
        let candidates =
            (0..<40).map { index in
                plugin(
                    "P\(index)", "1.0.0",
                    (0..<5).map { step in .plugin("Q\(index * 5 + step)", from: "1.0.0", optional: true) }
                        + (index.isMultiple(of: 2) ? [.plugin("P\(index + 1)", from: "1.0.0")] : []))
            } + [plugin("R", "1.0.0", [.plugin("Q7", from: "1.0.0")])]
        let resolution = PluginResolver.resolve(candidates)
        let order = resolution.order.map(\.name)
        #expect(Set(order) == Set((0..<40).map { "P\($0)" }))
        for index in stride(from: 0, to: 40, by: 2) {
            #expect(order.firstIndex(of: "P\(index + 1)")! < order.firstIndex(of: "P\(index)")!)
        }
        #expect(
            resolution.refusals.map(\.description) == [
                "R 1.0.0 not loaded: it needs Q7 >=1.0.0 <2.0.0, and no Q7 is installed; install it, or declare the "
                    + "dependency optional"
            ])
    }
}

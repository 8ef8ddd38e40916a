import Testing

@testable import PlugboardRouting

struct RouterMatchingTests {
    static let patterns = [
        "app://circles/new", "app://circles/:id(int)", "app://circles/:slug", "app://circles/:id(uuid)/members",
        "app://circles/*/about", "app://circles/**", "app://circles/:id(int)/members/:member",
        "app://blog/articles/:id(int)", "app://blog/**", "app://mine", "shop://mine",
    ]

    private func router(_ order: [String] = patterns) throws -> Router<String> {
        var router = Router<String>()
        for pattern in order { try router.add(RoutePattern(pattern), pattern) }
        return router
    }

    private func resolve(_ router: Router<String>, _ url: String) -> String? {
        if case .matched(let entry, _) = router.match(url) { return entry.route }
        return nil
    }

    private func parameters(_ router: Router<String>, _ url: String) -> RouteParameters? {
        if case .matched(_, let parameters) = router.match(url) { return parameters }
        return nil
    }

    @Test(arguments: [
        ("app://circles/new", "app://circles/new"),
        ("app://circles/42", "app://circles/:id(int)"),
        ("app://circles/-7", "app://circles/:id(int)"),
        ("app://circles/hiking", "app://circles/:slug"),
        ("app://circles/2f1c9e0a-3b7d-4c1e-9a2b-0c1d2e3f4a5b/members", "app://circles/:id(uuid)/members"),
        ("app://circles/42/about", "app://circles/*/about"),
        ("app://circles/42/members/7", "app://circles/:id(int)/members/:member"),
        ("app://circles/hiking/members", "app://circles/**"),
        ("app://circles/a/b/c/d", "app://circles/**"),
        ("app://blog/articles/3", "app://blog/articles/:id(int)"),
        ("app://blog/articles/three", "app://blog/**"),
        ("app://mine", "app://mine"),
        ("shop://mine", "shop://mine"),
    ])
    func eachURLResolvesByPrecedence(url: String, expected: String) throws {
        #expect(resolve(try router(), url) == expected)
    }

    @Test func precedenceDoesNotDependOnRegistrationOrder() throws {
        let urls = [
            "app://circles/new", "app://circles/42", "app://circles/x", "app://circles/42/about",
            "app://circles/2f1c9e0a-3b7d-4c1e-9a2b-0c1d2e3f4a5b/members", "app://circles/42/members/1",
            "app://circles/a/b", "app://blog/articles/1", "app://blog/x/y", "app://mine", "app://other",
        ]
        let reference = try router()
        let expected = urls.map { resolve(reference, $0) }
        var generator = SystemRandomNumberGenerator()
        for _ in 0..<20 {
            let shuffled = try router(Self.patterns.shuffled(using: &generator))
            #expect(urls.map { resolve(shuffled, $0) } == expected)
        }
    }

    @Test func aFailingBranchBacktracksToTheNextKind() throws {
        var router = Router<String>()
        try router.add(RoutePattern("app://x/new/edit"), "literal")
        try router.add(RoutePattern("app://x/:id/view"), "parameter")
        #expect(resolve(router, "app://x/new/view") == "parameter")
        #expect(resolve(router, "app://x/new/edit") == "literal")
    }

    @Test func schemeAndHostIgnoreCaseButPathsDoNot() throws {
        let router = try router()
        #expect(resolve(router, "APP://Circles/new") == "app://circles/new")
        #expect(resolve(router, "app://circles/NEW") == "app://circles/:slug")
    }

    @Test func trailingSlashesAndEmptySegmentsAreIgnored() throws {
        let router = try router()
        #expect(resolve(router, "app://circles/new/") == "app://circles/new")
        #expect(resolve(router, "app://circles//new") == "app://circles/new")
        #expect(resolve(router, "app://mine/") == "app://mine")
    }

    @Test func parametersQueryAndFragmentAreDecoded() throws {
        let found = try #require(parameters(try router(), "app://circles/hi%20king?tab=mem%26bers&x=1&x=2&flag#top%21"))
        #expect(found["slug"] == "hi king")
        #expect(found["tab"] == "mem&bers")
        #expect(found["x"] == "2")
        #expect(found["flag"] == "")
        #expect(found.query.map(\.name) == ["tab", "x", "x", "flag"])
        #expect(found.fragment == "top!")
        #expect(found["missing"] == nil)
    }

    @Test func aCatchAllCapturesTheRestOfThePath() throws {
        let found = try #require(parameters(try router(), "app://blog/2024/11/hello%2Fworld"))
        #expect(found["**"] == "2024/11/hello/world")
    }

    @Test func longLiteralsMatchOnlyWhenEveryByteMatches() throws {
        var router = Router<String>()
        // 16 bytes kept inline, and more: these differ only after the 16th byte, or in length.
        try router.add(RoutePattern("app://x/notifications-settings-a"), "a")
        try router.add(RoutePattern("app://x/notifications-settings-b"), "b")
        try router.add(RoutePattern("app://x/notifications-settings"), "short")
        #expect(resolve(router, "app://x/notifications-settings-a") == "a")
        #expect(resolve(router, "app://x/notifications-settings-b") == "b")
        #expect(resolve(router, "app://x/notifications-settings") == "short")
        #expect(resolve(router, "app://x/notifications-settings-c") == nil)
        #expect(resolve(router, "app://x/notifications-settings-aa") == nil)
    }

    @Test func aLoneLiteralChildAndManyAreFoundAlike() throws {
        var router = Router<String>()
        try router.add(RoutePattern("app://x/one"), "one")
        #expect(resolve(router, "app://x/one") == "one")
        #expect(resolve(router, "app://x/two") == nil)
        for index in 0..<20 { try router.add(RoutePattern("app://x/n\(index)"), "n\(index)") }
        #expect(resolve(router, "app://x/one") == "one")
        #expect((0..<20).allSatisfy { resolve(router, "app://x/n\($0)") == "n\($0)" })
        #expect(resolve(router, "app://x/n20") == nil)
    }

    @Test func aCatchAllJoinsTheRestWithSingleSlashes() throws {
        #expect(parameters(try router(), "app://blog//2024///11/")?["**"] == "2024/11")
    }

    @Test func aQuestionMarkInTheFragmentAndAHashAfterItBelongToTheFragment() throws {
        let found = try #require(parameters(try router(), "app://circles/new#a?b=c#d"))
        #expect(found.query.isEmpty)
        #expect(found.fragment == "a?b=c#d")
        let withQuery = try #require(parameters(try router(), "app://circles/new?x=1?2#"))
        #expect(withQuery["x"] == "1?2")
        #expect(withQuery.fragment == "")
    }

    @Test func escapesDecodeToUnicodeInSegmentsAndQueries() throws {
        let found = try #require(parameters(try router(), "app://circles/caf%C3%A9?name=%E2%9C%93"))
        #expect(found["slug"] == "café")
        #expect(found["name"] == "✓")
    }

    @Test func aPlusSignIsNotASpace() throws {
        #expect(parameters(try router(), "app://circles/a+b")?["slug"] == "a+b")
    }

    @Test(arguments: [
        ("app://circles/%zz", "'%zz' has a malformed percent escape"),
        ("app://circles/%4", "'%4' has a malformed percent escape"),
        ("app://circles/%FF", "'%FF' has a malformed percent escape"),
        ("app://circles/x?a=%", "the query item 'a=%' has a malformed percent escape"),
        ("app://circles/x#%g0", "the fragment has a malformed percent escape"),
        ("app://", "the host is empty"),
        ("app:/circles", "expected '//' after the scheme"),
        ("circles", "expected the form scheme://host/path"),
        ("://x", "the scheme is missing or has characters other than letters, digits, '+', '-', '.'"),
        ("app://circles/a b", "byte 32 must be percent-encoded"),
    ])
    func malformedURLsAreInvalidWithAReason(url: String, reason: String) throws {
        guard case .invalid(let error) = try router().match(url) else {
            Issue.record("\(url) was not refused")
            return
        }
        #expect(error.reason == reason)
    }

    @Test func unmatchedURLsAreNotFound() throws {
        let router = try router()
        for url in ["app://nowhere", "app://mine/extra", "app://circles", "app://blog", "ftp://mine"] {
            guard case .notFound = router.match(url) else {
                Issue.record("\(url) matched")
                continue
            }
        }
    }

    @Test func patternsThatDifferOnlyInParameterNamesConflict() throws {
        var router = try router()
        #expect(throws: RouterError.self) { try router.add(RoutePattern("app://circles/:other(int)"), "again") }
        #expect(throws: RouterError.self) { try router.add(RoutePattern("APP://circles/new/"), "again") }
        #expect(router.entries.count == Self.patterns.count)
        let error = #expect(throws: RouterError.self) { try router.add(RoutePattern("app://circles/:name"), "again") }
        #expect(
            error?.description
                == "route 'app://circles/:name' is the same pattern as 'app://circles/:slug' (only parameter names differ or none do)"
        )
    }

    @Test func customParameterTypesAreDefinedOnce() throws {
        var router = Router<String>()
        #expect(throws: RouterError.self) { try router.add(RoutePattern("app://tags/:tag(slug)"), "tag") }
        try router.define(ParameterType("slug") { $0.allSatisfy { $0.isLowercase || $0 == "-" } })
        #expect(throws: RouterError.duplicateType("slug")) { try router.define(ParameterType("slug") { _ in true }) }
        try router.add(RoutePattern("app://tags/:tag(slug)"), "tag")
        #expect(resolve(router, "app://tags/swift-on-linux") == "tag")
        #expect(resolve(router, "app://tags/Swift") == nil)
    }
}

import Testing

@testable import PlugboardRouting

struct RoutePatternTests {
    @Test func aPatternParsesIntoItsParts() throws {
        let pattern = try RoutePattern("App://Circles/:id(int)/members/*/:rest/**")
        #expect(pattern.scheme == "app")
        #expect(pattern.host == "circles")
        #expect(
            pattern.segments == [
                .parameter(name: "id", type: "int"), .literal("members"), .wildcard,
                .parameter(name: "rest", type: nil),
                .catchAll,
            ]
        )
        #expect(pattern.parameterNames == ["id", "rest", "**"])
        #expect(pattern.description == "app://circles/:id(int)/members/*/:rest/**")
    }

    @Test func trailingSlashesAndEmptySegmentsAreIgnored() throws {
        #expect(try RoutePattern("app://a//b/") == RoutePattern("app://a/b"))
    }

    @Test(arguments: [
        ("circles/home", "expected the form scheme://host/path"),
        ("1app://x", "the scheme must start with a letter and hold only letters, digits, '+', '-' or '.'"),
        ("app:///x", "the host is missing"),
        ("app://:id/x", "the host must be a literal name"),
        ("app://x/a b", "spaces, control characters, '?' and '#' are not allowed in a pattern"),
        ("app://x/a?b", "spaces, control characters, '?' and '#' are not allowed in a pattern"),
        ("app://x/a\tb", "spaces, control characters, '?' and '#' are not allowed in a pattern"),
        ("app://x/caf\u{E9}\u{3000}b", "spaces, control characters, '?' and '#' are not allowed in a pattern"),
        ("app://x/red\u{1B}[31m", "spaces, control characters, '?' and '#' are not allowed in a pattern"),
        ("app://x/c1\u{9B}31m", "spaces, control characters, '?' and '#' are not allowed in a pattern"),
        ("app://x/:né", "parameter names are letters, digits and '_', e.g. :id"),
        ("app://x/**/a", "'**' may only be the last segment"),
        ("app://x/a*", "'*' and '**' must stand alone in a segment"),
        ("app://x/:id/:id", "the parameter name 'id' is used twice"),
        ("app://x/:", "parameter names are letters, digits and '_', e.g. :id"),
        ("app://x/:1id", "parameter names are letters, digits and '_', e.g. :id"),
        ("app://x/:id(int", "a typed parameter is written :name(type)"),
        ("app://x/:id()", "the type of ':id' is empty"),
        ("app://x/a%20b", "write literal segments decoded, without '%' escapes"),
    ])
    func invalidPatternsSayWhy(text: String, reason: String) {
        #expect(throws: RoutePatternError(pattern: text, reason: reason)) { try RoutePattern(text) }
    }

    @Test func aRefusedPatternIsShownWithItsControlCharactersEscaped() {
        let error = RoutePatternError(pattern: "app://x/red\u{1B}[31m", reason: "r")
        #expect(error.description == #"route pattern 'app://x/red\u{1B}[31m' is invalid: r"#)
    }

    @Test func literalsMayHoldLettersBeyondASCII() throws {
        #expect(try RoutePattern("app://x/café/ünïcode").segments == [.literal("café"), .literal("ünïcode")])
    }
}

import TestSupport
import Testing

@testable import PlugboardRouting

struct URLBuildingTests {
    @Test func aURLIsBuiltFromAPatternAndEncoded() throws {
        let router = Router<String>()
        let pattern = try RoutePattern("app://circles/:id(int)/members/:name")
        #expect(
            try router.url(for: pattern, parameters: ["id": "42", "name": "Ann Lee/2"], query: [("tab", "a&b")])
                == "app://circles/42/members/Ann%20Lee%2F2?tab=a%26b"
        )
    }

    @Test func missingOrMistypedValuesAreRefused() throws {
        let router = Router<String>()
        let pattern = try RoutePattern("app://circles/:id(int)")
        #expect(throws: URLBuildError(pattern: "app://circles/:id(int)", reason: "no value for ':id'")) {
            try router.url(for: pattern, parameters: [:])
        }
        #expect(throws: URLBuildError(pattern: "app://circles/:id(int)", reason: "'x' is not a valid int for ':id'")) {
            try router.url(for: pattern, parameters: ["id": "x"])
        }
        #expect(throws: URLBuildError.self) { try router.url(for: RoutePattern("app://x/*"), parameters: [:]) }
    }

    /// Build then resolve yields the same route and the same values, for random values.
    @Test func buildingThenResolvingRoundTrips() throws {
        let patterns = [
            "app://circles/:id(int)", "app://circles/:id(int)/members/:name", "app://files/:folder/**",
            "app://points/:x(double)/:y(double)", "app://things/:id(uuid)",
        ]
        var router = Router<String>()
        for pattern in patterns { try router.add(RoutePattern(pattern), pattern) }
        var generator = SystemRandomNumberGenerator()
        let alphabet = Array("abcXYZ019 -_.~%/?#&=+é中😀")
        func text() -> String {
            "v"
                + String(
                    (0..<Int.random(in: 0...12, using: &generator)).map { _ in
                        alphabet.randomElement(using: &generator)!
                    })
        }
        for _ in 0..<2_000 {
            let patternText = patterns.randomElement(using: &generator)!
            let pattern = try RoutePattern(patternText)
            var values: [String: String] = [:]
            for case .parameter(let name, let type) in pattern.segments {
                values[name] =
                    switch type {
                    case "int": String(Int.random(in: -1_000_000...1_000_000, using: &generator))
                    case "double": String(Double.random(in: -1e6...1e6, using: &generator))
                    case "uuid": "2f1c9e0a-3b7d-4c1e-9a2b-0c1d2e3f4a5b"
                    default: text()
                    }
            }
            if pattern.segments.last == .catchAll {
                // A catch-all value is a path: its segments are non-empty and hold no '/'.
                values["**"] = (0..<3).map { _ in text().filter { $0 != "/" } }.joined(separator: "/")
            }
            let query = [("q", text()), ("r", text())]
            let url = try router.url(for: pattern, parameters: values, query: query)
            guard case .matched(let entry, let parameters) = router.match(url) else {
                Issue.record("\(url) did not resolve")
                continue
            }
            #expect(entry.route == patternText, "\(url)")
            for (name, value) in values {
                #expect(parameters[name] == value, "\(url): \(name)")
            }
            #expect(parameters.query.map(\.value) == query.map(\.1))
        }
    }

    /// The rule `url(for:)` keeps: a URL it builds matches its pattern back with the same values,
    /// or it refuses. Random patterns (literals, typed and untyped parameters, a final `**`) get
    /// random values, edge cases among them: long runs of leading zeros, values that are only
    /// slashes, empty segments, escapes, non-ASCII text.
    @Test func aBuiltURLMatchesItsPatternBackWithTheSameValuesOrIsRefused() throws {
        var generator = SplitMix(seed: 20_261_126)
        let pieces = [
            "0", "00000000000000000000", "9223372036854775807", "9223372036854775808", "-", "+", "1", "42", "/",
            "//", "a", "é", "%", "%2F", " ", ".", "..", "~", "?", "#", "&", "=", "x-y",
            "2f1c9e0a-3b7d-4c1e-9a2b-0c1d2e3f4a5b",
            "1.5", "-2e3", "inf", "nan",
        ]
        func value() -> String {
            (0..<Int.random(in: 0...4, using: &generator)).map { _ in pieces.randomElement(using: &generator)! }
                .joined()
        }
        var (built, refused) = (0, 0)
        for _ in 0..<20_000 {
            var text = "app://host"
            var names: [String] = []
            for index in 0..<Int.random(in: 0...3, using: &generator) {
                switch Int.random(in: 0..<3, using: &generator) {
                case 0: text += "/lit\(index)"
                default:
                    let type = ["", "(int)", "(double)", "(uuid)"].randomElement(using: &generator)!
                    text += "/:p\(index)\(type)"
                    names.append("p\(index)")
                }
            }
            let catchAll = Bool.random(using: &generator)
            if catchAll { text += "/**" }
            let pattern = try RoutePattern(text)
            var router = Router<Int>()
            try router.add(pattern, 1)
            var values: [String: String] = [:]
            for name in names { values[name] = value() }
            if catchAll { values["**"] = value() }
            let url: String
            do {
                url = try router.url(for: pattern, parameters: values)
            } catch {
                refused += 1
                continue
            }
            built += 1
            guard case .matched(_, let parameters) = router.match(url) else {
                Issue.record("\(url), built for \(text) from \(values), does not match it")
                continue
            }
            for (name, value) in values {
                #expect(parameters[name] == value, "\(url) for \(text): \(name)")
            }
        }
        // Both kinds of answer were given many times.
        #expect(built > 1_000 && refused > 1_000, "built \(built), refused \(refused)")
    }

    @Test func theFuzzersFindingsAreRefusedOrRoundTrip() throws {
        var router = Router<String>()
        let rest = try RoutePattern("app://blog/**")
        let id = try RoutePattern("app://circles/:id(int)")
        try router.add(rest, "rest")
        try router.add(id, "id")
        #expect(throws: URLBuildError.self) { try router.url(for: rest, parameters: ["**": "/"]) }
        #expect(throws: URLBuildError.self) { try router.url(for: rest, parameters: ["**": "a//b"]) }
        let long = "0087306353778430807"
        let url = try router.url(for: id, parameters: ["id": "000" + long])
        guard case .matched(_, let parameters) = router.match(url) else {
            Issue.record("\(url) does not match")
            return
        }
        #expect(parameters["id"] == "000" + long)
        #expect(throws: URLBuildError.self) { try router.url(for: id, parameters: ["id": "0087306353778430807600"]) }
    }
}

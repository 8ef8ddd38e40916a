import TestSupport
import Testing

@testable import PlugboardRouting

/// Outside input never traps: 200,000 generated and mutated URLs each get a typed answer.
struct RouterFuzzTests {
    private static let seeds = [
        "app://circles/42", "app://circles/new?tab=members#top", "app://blog/articles/7/comments/3",
        "app://circles/2f1c9e0a-3b7d-4c1e-9a2b-0c1d2e3f4a5b/members", "app://files/a/b/c/d/e", "APP://Mine/",
    ]
    private static let fragments = [
        "/", "//", "..", "%", "%2", "%zz", "%2F", "?", "#", "&", "=", "*", "**", ":", "é", "\u{0}", " ", "😀", "%C3%A9",
        "%FF",
    ]

    private static func router() throws -> Router<Int> {
        var router = Router<Int>()
        let patterns = [
            "app://circles/new", "app://circles/:id(int)", "app://circles/:slug", "app://circles/:id(uuid)/members",
            "app://circles/*/about", "app://files/**", "app://blog/articles/:id(int)/comments/:comment(int)",
            "app://mine", "app://points/:x(double)",
        ]
        for (index, pattern) in patterns.enumerated() { try router.add(RoutePattern(pattern), index) }
        return router
    }

    private static func mutate(_ url: String, using generator: inout SplitMix) -> String {
        var characters = Array(url)
        for _ in 0..<Int.random(in: 1...4, using: &generator) {
            let position = characters.isEmpty ? 0 : Int.random(in: 0...characters.count, using: &generator)
            switch Int.random(in: 0..<4, using: &generator) {
            case 0:
                characters.insert(contentsOf: fragments.randomElement(using: &generator)!, at: position)
            case 1 where !characters.isEmpty:
                characters.remove(at: min(position, characters.count - 1))
            case 2 where !characters.isEmpty:
                characters[min(position, characters.count - 1)] = Character(
                    Unicode.Scalar(UInt8.random(in: 0...127, using: &generator))
                )
            default:
                characters.insert(contentsOf: "/\(Int.random(in: 0...999, using: &generator))", at: position)
            }
        }
        return String(characters)
    }

    private static func randomBytes(using generator: inout SplitMix) -> String {
        let bytes = (0..<Int.random(in: 0...64, using: &generator)).map { _ in
            UInt8.random(in: 0...255, using: &generator)
        }
        return String(decoding: bytes, as: UTF8.self)
    }

    @Test func twoHundredThousandGeneratedURLsEachGetATypedResult() throws {
        let router = try Self.router()
        var generator = SplitMix(seed: 2026)
        var matched = 0
        var notFound = 0
        var invalid = 0
        func classify(_ url: String) {
            switch router.match(url) {
            case .matched: matched += 1
            case .notFound: notFound += 1
            case .invalid(let error):
                invalid += 1
                precondition(!error.reason.isEmpty)
            }
        }
        let huge = [
            "app://files" + String(repeating: "/a", count: 50_000),
            "app://circles/" + String(repeating: "x", count: 100_000),
            "app://circles/" + String(repeating: "%41", count: 34_000),
            "app://" + String(repeating: "/..", count: 30_000),
            "app://files/" + String(repeating: "../", count: 30_000),
            "app://circles/1?" + String(repeating: "a=b&", count: 25_000),
        ]
        for url in huge { classify(url) }
        let total = 200_000
        for index in huge.count..<total {
            let url =
                index % 10 == 0
                ? Self.randomBytes(using: &generator)
                : Self.mutate(Self.seeds[index % Self.seeds.count], using: &generator)
            classify(url)
        }
        #expect(matched + notFound + invalid == total)
        #expect(
            matched > 0 && notFound > 0 && invalid > 0, "matched \(matched), not found \(notFound), invalid \(invalid)")
    }
}

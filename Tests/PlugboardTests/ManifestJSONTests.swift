import Foundation
import Testing

@testable import Plugboard

/// The sealed-manifest parser reads what `JSONEncoder` writes and refuses everything else.
struct ManifestJSONTests {
    static let manifest = SealedManifest(
        name: "Tricky \"quoted\" \\ back/slash", version: "1.0.0-β", runtimeVersion: "0.1.0",
        toolchain: "Swift 6.3.1 (swiftlang-6.3.1) 🎉 \u{FEFF} \u{A0}", architecture: "x86_64",
        modules: ["A.One", "B.Two"], routes: ["app://circles/:id(int)", "app://é/**"], tasks: [],
        dependencies: [.plugin("Account", from: "1.2.0"), .plugin("Analytics", "1.0.0"..<"3.0.0", optional: true)])

    @Test(arguments: [JSONEncoder.OutputFormatting(), [.sortedKeys], [.prettyPrinted, .withoutEscapingSlashes]])
    func readsWhatTheEncoderWrites(formatting: JSONEncoder.OutputFormatting) throws {
        let encoder = JSONEncoder()
        encoder.outputFormatting = formatting
        let bytes = Array(try encoder.encode(Self.manifest))
        #expect(try ManifestJSON.decode(bytes) == Self.manifest)
    }

    @Test func readsTheTaskGraphItKeeps() throws {
        var manifest = Self.manifest
        manifest.tasks = ["b.load", "b.later"]
        manifest.taskModules = ["B.Two", "B.Two"]
        manifest.taskDependencies = [["a.store", "a.config"], []]
        manifest.taskPhases = ["launch", "after-first-screen"]
        manifest.optionalTasks = ["b.later"]
        manifest.taskTimeouts = ["2000", ""]
        manifest.mainActorTasks = ["b.load"]
        manifest.routeExamples = ["app://circles/1", ""]
        let decoded = try ManifestJSON.decode(Array(try JSONEncoder().encode(manifest)))
        #expect(decoded == manifest)
        let tasks = decoded.declaredTasks(image: "/plugins/libB.so")
        #expect(tasks.map(\.dependencies) == [["a.store", "a.config"], []])
        #expect(tasks.map(\.phase) == [.launch, .afterFirstScreen])
        #expect(tasks.map(\.isRequired) == [true, false])
        #expect(tasks.map(\.timeout) == [.seconds(2), nil])
        #expect(tasks.map(\.isMainActor) == [true, false])
        #expect(
            tasks.map(\.owner) == [
                Owner(module: "B.Two", image: "/plugins/libB.so"), Owner(module: "B.Two", image: "/plugins/libB.so"),
            ])
        // One entry per task, or none.
        var short = manifest
        short.taskPhases = ["launch"]
        #expect(throws: ManifestReadError.self) { try ManifestJSON.decode(Array(try JSONEncoder().encode(short))) }
        var fewExamples = manifest
        fewExamples.routeExamples = ["app://circles/1"]
        #expect(throws: ManifestReadError.self) {
            try ManifestJSON.decode(Array(try JSONEncoder().encode(fewExamples)))
        }
    }

    @Test func decodesSurrogatePairsAndUnknownStringFields() throws {
        let text =
            #"{"name":"\ud83c\udf89","version":"1","runtimeVersion":"0.1.0","toolchain":"t","#
            + #""architecture":"x86_64","modules":[],"routes":[],"tasks":["a"],"future":"ignored"}"#
        let manifest = try ManifestJSON.decode(Array(text.utf8))
        #expect(manifest.name == "🎉")
        #expect(manifest.tasks == ["a"])
    }

    @Test func readsEscapedKeysAndKeepsTheLastOfARepeatedOne() throws {
        let text =
            #"{"na\u006de":"first","version":"1","runtimeVersion":"0.1.0","toolchain":"t","architecture":"x","#
            + #""modules":[],"routes":[],"tasks":[],"name":"last"}"#
        #expect(try ManifestJSON.decode(Array(text.utf8)).name == "last")
        let escaped =
            #"{"na\u006de":"n","version":"1","runtimeVersion":"0.1.0","toolchain":"t","architecture":"x","#
            + #""modules":[],"routes":[],"tasks":[]}"#
        #expect(try ManifestJSON.decode(Array(escaped.utf8)).name == "n")
    }

    @Test func ignoresUnknownKeysBeyondASCII() throws {
        let text =
            #"{"clé":"ignored","name":"n","version":"1","runtimeVersion":"0.1.0","toolchain":"t","#
            + #""architecture":"x","modules":[],"routes":[],"tasks":[],"nâme":"also ignored"}"#
        #expect(try ManifestJSON.decode(Array(text.utf8)).name == "n")
    }

    @Test(arguments: [
        ([UInt8(0x01)], "a control character in a string"),
        ([0xFF], "a string is not UTF-8"),
    ])
    func refusesKeysThatAreNotStrings(bad: [UInt8], reason: String) {
        let bytes = Array(#"{"na"#.utf8) + bad + Array(#"me":"x"}"#.utf8)
        let error = #expect(throws: ManifestReadError.self) { try ManifestJSON.decode(bytes) }
        #expect(error?.reason == "the sealed manifest is not valid: \(reason)")
    }

    @Test(arguments: [
        ("", "expected '{'"),
        (#"{"name":"x""#, "the object is not closed"),
        (#"{"name":"x";"#, "expected ',' or '}'"),
        (#"{"name":1}"#, "expected '['"),
        (#"{"name":"x"} trailing"#, "unexpected bytes after the object"),
        (#"{"name":"\ud800"}"#, "an unpaired surrogate escape"),
        (#"{"name":"\q"}"#, "an unknown escape '\\q'"),
        (#"{"name":"x"}"#, "'version' must be a string"),
        (
            #"{"name":"x","version":"1","runtimeVersion":"r","toolchain":"t","architecture":"a","modules":"m"}"#,
            "'modules' must be an array of strings"
        ),
    ])
    func refusesWhatItCannotRead(text: String, reason: String) {
        let error = #expect(throws: ManifestReadError.self) { try ManifestJSON.decode(Array(text.utf8)) }
        #expect(error?.reason == "the sealed manifest is not valid: \(reason)")
    }

    @Test(arguments: [
        Array(#"\n"#.utf8), Array(#"\t"#.utf8), Array(#"\u001b[2J"#.utf8), Array(#"\u007f"#.utf8),
        Array(#"\u0085"#.utf8), [0x7F], [0xC2, 0x9B], Array("é".utf8) + [0x7F], Array("é".utf8) + [0xC2, 0x85],
    ])
    func refusesControlCharactersInStrings(inside: [UInt8]) {
        // Hosts print a sealed manifest's strings, and a terminal acts on control characters.
        let bytes = Array(#"{"name":"a"#.utf8) + inside + Array(#"b"}"#.utf8)
        let error = #expect(throws: ManifestReadError.self) { try ManifestJSON.decode(bytes) }
        #expect(error?.reason == "the sealed manifest is not valid: a control character in a string")
    }

    @Test(arguments: [[UInt8](), Array(#"\/"#.utf8)])
    func refusesBytesThatAreNotUTF8(before: [UInt8]) {
        // With and without an escape before the bad byte: strings without one are read directly.
        let bytes = Array(#"{"name":""#.utf8) + before + [0xFF, 0x22, 0x7D]
        let error = #expect(throws: ManifestReadError.self) { try ManifestJSON.decode(bytes) }
        #expect(error?.reason == "the sealed manifest is not valid: a string is not UTF-8")
    }
}

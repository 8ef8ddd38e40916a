import Foundation
import Testing

/// Each command's `--json` output keeps the schema that the article "Reading the host's JSON"
/// documents for it.
struct JSONSchemaTests {
    /// The article's schemas, by the command each names in its title (`plugboard list --json`).
    private static func schemas() throws -> [String: [String: Any]] {
        var schemas: [String: [String: Any]] = [:]
        for block in try Repository.codeBlocks(in: "Sources/Plugboard/Plugboard.docc/ReadingTheHostsJSON.md")
        where block.info == "json" {
            let schema = try #require(
                try JSONSerialization.jsonObject(with: Data(block.lines.joined(separator: "\n").utf8)) as? [String: Any]
            )
            let title = try #require(schema["title"] as? String)
            schemas[String(title.split(separator: " ")[1])] = schema
        }
        return schemas
    }

    @Test func everyCommandsJSONKeepsItsDocumentedSchema() async throws {
        let schemas = try Self.schemas()
        #expect(schemas.keys.sorted() == ["inspect", "list", "resolve", "routes", "verify"])
        // A population with refusals of two kinds, one caused by the other.
        let scratch = try Scratch()
        for (name, dependencies) in [("Wiki", "Gone >=1.0.0 <2.0.0"), ("Reader", "Wiki >=1.0.0 <2.0.0")] {
            let path = try scratch.copy(BuildProducts.probe, as: "lib\(name).so")
            let seal = try await HostProcess.run(
                ["seal", path],
                environment: [
                    "PLUGBOARD_PROBE_NAME": name, "PLUGBOARD_PROBE_VERSION": "1.0.0",
                    "PLUGBOARD_PROBE_DEPENDENCIES": dependencies,
                ])
            try #require(seal.status == 0, "\(seal.standardError)")
        }
        let runs: [(command: String, arguments: [String])] = [
            ("list", ["list", "--json", "--isolate", "Greeter"]),
            ("routes", ["routes", "--json"]),
            ("resolve", ["resolve", scratch.directory.path, "--with-bundled", "--json"]),
            ("inspect", ["inspect", "--json", try BuildProducts.path("libAccountPlugin.so")]),
            ("verify", ["verify", "--json", scratch.directory.path]),
        ]
        for (command, arguments) in runs {
            let run = try await HostProcess.run(arguments)
            let output = try #require(
                try? JSONSerialization.jsonObject(with: Data(run.standardOutput.utf8)),
                "\(command): \(run.standardOutput)")
            let problems = JSONSchemaCheck.problems(output, against: try #require(schemas[command]))
            #expect(problems.isEmpty, "\(command): \(problems)")
        }
        let resolved = try await HostProcess.run(["resolve", scratch.directory.path, "--json"])
        #expect(resolved.standardOutput.contains(#""code" : "dependency-refused""#), "\(resolved.standardOutput)")
        #expect(resolved.standardOutput.contains(#""rootCause" : {"#), "\(resolved.standardOutput)")
    }

    /// The check finds what breaks a schema: a missing field, one of the wrong type, one not in the
    /// schema, a value not allowed.
    @Test func theCheckFindsWhatBreaksASchema() throws {
        let schema = try #require(try Self.schemas()["routes"])
        let route: [String: Any] = [
            "pattern": "app://a", "module": "M", "file": "f", "active": true, "isolated": false,
            "parameters": [["name": "id"]],
        ]
        #expect(JSONSchemaCheck.problems(["schemaVersion": 1, "routes": [route]], against: schema).isEmpty)
        let broken: [[String: Any]] = [
            ["schemaVersion": 2, "routes": [route]],
            ["schemaVersion": 1],
            ["schemaVersion": 1, "routes": [route.merging(["active": "yes"]) { $1 }]],
            ["schemaVersion": 1, "routes": [route.merging(["extra": 1]) { $1 }]],
            ["schemaVersion": 1, "routes": [route.filter { $0.key != "pattern" }]],
        ]
        for document in broken {
            #expect(!JSONSchemaCheck.problems(document, against: schema).isEmpty, "\(document)")
        }
    }
}

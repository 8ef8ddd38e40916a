import FoundationEssentials
import Glibc

/// The version of the JSON that `--json` options give scripts, in each document's
/// `schemaVersion`: it changes when a field changes its meaning or goes away (the schemas are in
/// the article "Reading the host's JSON").
let jsonSchemaVersion = 1

/// Prints `value` as the JSON that `--json` options give scripts: indented, keys sorted.
func printJSON(_ value: some Encodable) throws {
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
    Terminal.line(String(decoding: try encoder.encode(value), as: UTF8.self))
}

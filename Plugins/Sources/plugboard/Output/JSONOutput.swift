import FoundationEssentials
import Glibc

/// Prints `value` as the JSON that `--json` options give scripts: indented, keys sorted.
func printJSON(_ value: some Encodable) throws {
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
    Terminal.line(String(decoding: try encoder.encode(value), as: UTF8.self))
}

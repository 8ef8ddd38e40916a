import Foundation

/// The yardstick of the host's own start: a Swift program that imports FoundationEssentials and
/// prints one line.
enum OneLiner {
    /// The program, compiled with `swiftc -O` into `directory` if it is not there.
    static func build(in directory: URL) throws -> String {
        try CompiledProgram.build(
            "one-liner", in: directory,
            source: """
                import FoundationEssentials

                print("the screen of \\(Data([1]).count)")

                """, file: "one-liner.swift", compiler: ["swiftc", "-O"])
    }
}

import Foundation

/// The yardstick of the host's own start: a Swift program that imports FoundationEssentials and
/// prints one line.
enum OneLiner {
    /// The program, compiled with `swiftc -O` into `directory` if it is not there.
    static func build(in directory: URL) throws -> String {
        let program = directory.appendingPathComponent("one-liner")
        if FileManager.default.isExecutableFile(atPath: program.path) { return program.path }
        let source = directory.appendingPathComponent("one-liner.swift")
        try """
        import FoundationEssentials

        print("the screen of \\(Data([1]).count)")

        """.write(to: source, atomically: true, encoding: .utf8)
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["swiftc", "-O", source.path, "-o", program.path]
        try process.run()
        process.waitUntilExit()
        guard process.terminationStatus == 0 else { throw Failure("swiftc could not build the one-line program") }
        return program.path
    }
}

import Foundation

/// Runs the toolchain's commands (`swift build`, `swiftc`) the way a person would, for tests that
/// build a plugin package or compile the README's examples.
enum Toolchain {
    /// Runs `tool` with `arguments` in `directory`; returns its exit status and combined output.
    static func run(
        _ arguments: [String], tool: String = "swift", in directory: URL? = nil
    ) throws -> (status: Int32, output: String) {
        let build = Process()
        build.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        build.arguments = [tool] + arguments
        if let directory { build.currentDirectoryURL = directory }
        let log = Pipe()
        build.standardOutput = log
        build.standardError = log
        try build.run()
        let output = String(decoding: log.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        build.waitUntilExit()
        return (build.terminationStatus, output)
    }
}

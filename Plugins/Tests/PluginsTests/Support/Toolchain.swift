import Foundation

/// Runs the toolchain's commands (`swift build`, `swiftc`) the way a person would, for tests that
/// build a plugin package or compile the README's examples.
enum Toolchain {
    /// Runs `tool` with `arguments` in `directory`; returns its exit status and combined output.
    static func run(
        _ arguments: [String], tool: String = "swift", in directory: URL? = nil
    ) throws -> (status: Int32, output: String) {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = [tool] + arguments
        if let directory { process.currentDirectoryURL = directory }
        let output = Pipe()
        process.standardOutput = output
        process.standardError = output
        try process.run()
        let text = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        return (process.terminationStatus, text)
    }
}

import Foundation

/// Runs `swift build` the way a person would, for tests that build a plugin package.
enum SwiftBuild {
    /// Runs `swift` with `arguments` in `directory`; returns its exit status and combined output.
    static func run(_ arguments: [String], in directory: URL? = nil) throws -> (status: Int32, output: String) {
        let build = Process()
        build.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        build.arguments = ["swift"] + arguments
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

import Foundation

/// Runs the built `plugboard` executable and captures what a person would see.
struct HostProcess {
    let status: Int32
    let standardOutput: String
    let standardError: String

    static func run(_ arguments: [String]) throws -> HostProcess {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: try BuildProducts.host)
        process.arguments = arguments
        let output = Pipe()
        let error = Pipe()
        process.standardOutput = output
        process.standardError = error
        process.standardInput = FileHandle.nullDevice
        try process.run()
        let outputData = output.fileHandleForReading.readDataToEndOfFile()
        let errorData = error.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return HostProcess(
            status: process.terminationStatus,
            standardOutput: String(decoding: outputData, as: UTF8.self),
            standardError: String(decoding: errorData, as: UTF8.self)
        )
    }
}

import Foundation

/// A small program the benchmark measures beside the host, compiled once from its source and kept.
enum CompiledProgram {
    /// The program `name` in `directory`, compiled from `source` (written beside it as `file`)
    /// with `compiler` if it is not there.
    /// - Throws: When the program cannot be written or compiled.
    static func build(
        _ name: String, in directory: URL, source: String, file: String, compiler: [String]
    ) throws -> String {
        let program = directory.appendingPathComponent(name)
        if FileManager.default.isExecutableFile(atPath: program.path) { return program.path }
        let sourceFile = directory.appendingPathComponent(file)
        try source.write(to: sourceFile, atomically: true, encoding: .utf8)
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = compiler + [sourceFile.path, "-o", program.path]
        try process.run()
        process.waitUntilExit()
        guard process.terminationStatus == 0 else { throw Failure("\(compiler[0]) could not build \(name)") }
        return program.path
    }
}

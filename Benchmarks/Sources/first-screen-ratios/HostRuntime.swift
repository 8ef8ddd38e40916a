import Foundation

/// The runtime build a release host runs, as `plugboard --version` names it.
enum HostRuntime {
    /// The runtime build of `host` (`plugboard-runtime 0.1.0+src.…`).
    static func build(of host: String) throws -> String {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: host)
        process.arguments = ["--version"]
        let output = Pipe()
        process.standardOutput = output
        try process.run()
        let text = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        let prefix = "runtime build"
        guard
            let line = text.split(separator: "\n").first(where: {
                $0.trimmingCharacters(in: .whitespaces).hasPrefix(prefix)
            })
        else { throw Failure("\(host) --version names no runtime build") }
        return line.trimmingCharacters(in: .whitespaces).dropFirst(prefix.count).trimmingCharacters(in: .whitespaces)
    }
}

import Foundation

/// A release host running the probe plugin isolated, driven through its standard input.
enum FloodedHost {
    /// Starts a host, opens the probe's screen, takes its flood action (or not, unless
    /// `flooding`), then asks for the stack; returns how long the stack took to be answered, how
    /// long the flood's action took, and how many KiB more the host held resident after than
    /// before.
    static func measure(
        host: String, probe: String, flooding: Bool
    ) throws -> (flooded: Bool, answer: Double, flood: Double, held: Int) {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("plugboard-flood-\(UUID())")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        try FileManager.default.copyItem(
            atPath: probe, toPath: directory.appendingPathComponent("libProbePlugin.so").path)
        let process = Process()
        process.executableURL = URL(fileURLWithPath: host)
        process.arguments = [
            "run", "--with-bundled", "--plugins", directory.path, "--isolate", "Probe", "--grant", "Probe",
        ]
        var environment = ProcessInfo.processInfo.environment
        environment["PLUGBOARD_PROBE_HOSTILE"] = "1"
        environment["XDG_STATE_HOME"] = directory.path
        process.environment = environment
        let input = Pipe()
        let output = Pipe()
        process.standardInput = input
        process.standardOutput = output
        process.standardError = FileHandle.nullDevice
        try process.run()
        let reader = Output(output.fileHandleForReading)
        func type(_ line: String) { input.fileHandleForWriting.write(Data((line + "\n").utf8)) }
        type("open app://probe/identity")
        try reader.wait(for: "Stack: Home > Probe\n")
        let before = residentKilobytes(of: process.processIdentifier)
        var flood = 0.0
        if flooding {
            let typed = ContinuousClock.now
            type("do flood")
            try reader.wait(for: "> do flood\n", thenFor: "\nStack: ")
            flood = (ContinuousClock.now - typed).seconds
        }
        let asked = ContinuousClock.now
        type("stack")
        try reader.wait(for: "> stack\nStack: ", thenFor: "\n")
        let answer = (ContinuousClock.now - asked).seconds
        let after = residentKilobytes(of: process.processIdentifier)
        type("quit")
        try input.fileHandleForWriting.close()
        process.waitUntilExit()
        return (flooding, answer, flood, after - before)
    }

    /// The resident memory of `process`, in KiB, as its `/proc` status says.
    private static func residentKilobytes(of process: Int32) -> Int {
        let status = (try? String(contentsOfFile: "/proc/\(process)/status", encoding: .utf8)) ?? ""
        let line = status.split(separator: "\n").first { $0.hasPrefix("VmRSS:") } ?? ""
        return Int(line.split(separator: " ").dropFirst().first ?? "") ?? 0
    }
}

/// What a process writes, read on a thread of its own.
final class Output: @unchecked Sendable {
    private let lock = NSLock()
    private var text = ""
    private var consumed: String.Index?

    init(_ handle: FileHandle) {
        Thread.detachNewThread { [self] in
            while true {
                let chunk = handle.availableData
                if chunk.isEmpty { return }
                lock.withLock { text += String(decoding: chunk, as: UTF8.self) }
            }
        }
    }

    /// Waits, up to a minute, until what was written after the last wait holds `marker` and, after
    /// it, `then` (if given).
    func wait(for marker: String, thenFor then: String? = nil) throws {
        let end = ContinuousClock.now + .seconds(60)
        while ContinuousClock.now < end {
            let found = lock.withLock { () -> Bool in
                let start = consumed ?? text.startIndex
                guard let first = text[start...].range(of: marker) else { return false }
                guard let then else {
                    consumed = first.upperBound
                    return true
                }
                guard let second = text[first.upperBound...].range(of: then) else { return false }
                consumed = second.upperBound
                return true
            }
            if found { return }
            usleep(200)
        }
        throw Failure("the host did not print \(marker) within a minute")
    }
}

struct Failure: Error, CustomStringConvertible {
    let description: String
    init(_ description: String) { self.description = description }
}

extension Duration {
    var seconds: Double {
        Double(components.seconds) + Double(components.attoseconds) / 1e18
    }
}

import Foundation
import Testing

/// The host as the user `nobody` runs it when the tests run as root: a copy of the host and of the
/// runtime it links, in a directory of its own that every user may enter, so that the tests that
/// drop to `nobody` pass wherever the checkout is (`/root`, say, which only its owner may enter).
enum UnprivilegedHost {
    /// The command that runs the host as `nobody`, before the host's own arguments; fails the
    /// test, saying why, where `nobody` cannot run it.
    static func command(sourceLocation: SourceLocation = #_sourceLocation) throws -> [String] {
        let host = try prepared.mapError { problem in
            Issue.record("cannot run the host as nobody: \(problem.reason)", sourceLocation: sourceLocation)
            return problem
        }.get()
        return asNobody + [host]
    }

    /// `setpriv`'s way to run a command as `nobody`, without root's groups.
    private static let asNobody = ["/usr/bin/setpriv", "--reuid=65534", "--regid=65534", "--clear-groups"]

    struct Problem: Error {
        let reason: String
    }

    /// The copied host, once `nobody` was seen to run it; or why it cannot.
    private static let prepared: Result<String, Problem> = {
        do {
            let directory = try TemporaryDirectories.make("plugboard-unprivileged-host-")
            let host = directory.appendingPathComponent("plugboard").path
            for name in ["plugboard", "libPlugboard.so"] {
                try FileManager.default.copyItem(
                    atPath: BuildProducts.directory.appendingPathComponent(name).path,
                    toPath: directory.appendingPathComponent(name).path)
            }
            // The directory, and every directory above it, must let `nobody` in.
            var reachable = directory
            while reachable.path != "/" {
                var status = stat()
                guard stat(reachable.path, &status) == 0, status.st_mode & 0o001 != 0 else {
                    return .failure(
                        Problem(
                            reason: "\(reachable.path) may not be entered by other users; "
                                + "set TMPDIR to a directory they may enter"))
                }
                reachable.deleteLastPathComponent()
            }
            let check = Process()
            check.executableURL = URL(fileURLWithPath: asNobody[0])
            check.arguments = Array(asNobody.dropFirst()) + [host, "--version"]
            let output = Pipe()
            check.standardOutput = output
            check.standardError = output
            try check.run()
            let said = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
            check.waitUntilExit()
            guard check.terminationStatus == 0 else {
                return .failure(Problem(reason: "its copy in \(directory.path) did not start: \(said)"))
            }
            return .success(host)
        } catch {
            return .failure(Problem(reason: "\(error)"))
        }
    }()
}

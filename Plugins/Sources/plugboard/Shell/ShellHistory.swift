import FoundationEssentials
import Glibc

/// The lines typed into the shell at a terminal, kept from one session to the next in a file of
/// the user's own (made readable and writable by the user alone, as typed text may be secret): by
/// default `$XDG_STATE_HOME/plugboard/history` (`~/.local/state/plugboard/history`), or the file
/// `PLUGBOARD_HISTORY` names; `PLUGBOARD_HISTORY=` (empty) keeps none. Its caller keeps a line
/// that may have typed text into a screen for the session only.
final class ShellHistory {
    /// How many lines are kept.
    static let limit = 1000

    /// The lines, oldest first.
    private(set) var lines: [String] = []
    /// The file, open for appending; -1 when the lines are kept for this session only.
    private let descriptor: Int32

    /// The history in the file the environment names, read now. A file that cannot be read or
    /// written is said once on standard error, and the lines are then kept for this session only.
    init(environment: [String: String] = ProcessInfo.processInfo.environment) {
        guard let file = Self.file(in: environment) else {
            descriptor = -1
            return
        }
        let directory = PathText.directory(of: file)
        do {
            try FileManager.default.createDirectory(
                atPath: directory, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
            if FileManager.default.fileExists(atPath: file) {
                let all = try String(contentsOfFile: file, encoding: .utf8).split(separator: "\n")
                lines = all.suffix(Self.limit).map(String.init)
                // The file is cut back to what is kept once it holds twice as much.
                if all.count > 2 * Self.limit {
                    try lines.map { $0 + "\n" }.joined().write(toFile: file, atomically: true, encoding: .utf8)
                }
            }
        } catch {
            let reason = FileProblem.reason(error, creating: directory)
            Terminal.error("warning: the shell's history is not kept in \(file): \(reason)")
            descriptor = -1
            return
        }
        descriptor = open(file, O_WRONLY | O_APPEND | O_CREAT | O_CLOEXEC, 0o600)
        if descriptor < 0 {
            Terminal.error("warning: the shell's history is not kept in \(file): \(FileProblem.reason(errno: errno))")
        }
    }

    deinit {
        if descriptor >= 0 { close(descriptor) }
    }

    /// Adds `line`, unless it is empty or the line before, and appends it to the file if `toFile`.
    func add(_ line: String, toFile: Bool) {
        guard !line.isEmpty, line != lines.last else { return }
        lines.append(line)
        if lines.count > Self.limit { lines.removeFirst(lines.count - Self.limit) }
        guard toFile, descriptor >= 0 else { return }
        let bytes = Array((line + "\n").utf8)
        _ = bytes.withUnsafeBytes { write(descriptor, $0.baseAddress, $0.count) }
    }

    /// The history file the environment names, or `nil` for none.
    private static func file(in environment: [String: String]) -> String? {
        if let named = environment["PLUGBOARD_HISTORY"] { return named.isEmpty ? nil : named }
        if let state = environment["XDG_STATE_HOME"], state.hasPrefix("/") { return state + "/plugboard/history" }
        guard let home = environment["HOME"], !home.isEmpty else { return nil }
        return home + "/.local/state/plugboard/history"
    }
}

import FoundationEssentials
import Plugboard

/// The person's grants file, `$XDG_CONFIG_HOME/plugboard/grants` (by default
/// `~/.config/plugboard/grants`): one grant a line, as `--grant` takes it (`Notes`, or
/// `Notes=read ~/notes`); blank lines and lines that start with `#` are skipped.
enum PermissionFile {
    /// Where the file is.
    static var path: String {
        let environment = ProcessInfo.processInfo.environment
        let base =
            environment["XDG_CONFIG_HOME"].flatMap { $0.hasPrefix("/") ? $0 : nil }
            ?? (environment["HOME"] ?? "") + "/.config"
        return base + "/plugboard/grants"
    }

    /// Where the file is, as a person reads it (`~/.config/plugboard/grants`).
    static var shownPath: String {
        let home = ProcessInfo.processInfo.environment["HOME"] ?? ""
        return !home.isEmpty && path.hasPrefix(home + "/") ? "~" + path.dropFirst(home.count) : path
    }

    /// The grants of the file, if there is one, and then `options` (the values of `--grant`).
    /// - Throws: ``HostError/usage(_:)`` for a grant that is none, naming the file and line, or
    ///   the option.
    static func grants(adding options: [String]) throws -> PermissionGrants {
        var grants = PermissionGrants()
        if let text = try? String(contentsOfFile: path, encoding: .utf8) {
            for (number, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
                let grant = String(
                    line.drop { $0 == " " || $0 == "\t" }.reversed().drop { $0 == " " || $0 == "\t" }.reversed())
                guard !grant.isEmpty, !grant.hasPrefix("#") else { continue }
                do {
                    try grants.grant(grant)
                } catch {
                    throw HostError.usage("\(shownPath):\(number + 1): \(error)")
                }
            }
        }
        for grant in options {
            do {
                try grants.grant(grant)
            } catch {
                throw HostError.usage("--grant: \(error)")
            }
        }
        return grants
    }
}

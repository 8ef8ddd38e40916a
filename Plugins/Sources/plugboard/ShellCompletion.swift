import Plugboard

extension ShellSession {
    /// The commands as Tab completes them: those that take an argument end with a blank.
    private static let commands = ShellCommand.allCases.map {
        LineEditor.Completion.Candidate($0.rawValue + ($0.takesArgument ? " " : ""))
    }

    /// What Tab may complete at the end of `text`, the line before the cursor: a command; after
    /// `open`, the start of a route's URLs, up to its first segment that is not literal (listed
    /// as the route's pattern); after `do`, an action of the screen shown; after `disable` or
    /// `enable`, a module's name.
    func completion(of text: String) -> LineEditor.Completion {
        let leading = text.prefix { $0.isWhitespace }.count
        let rest = text.dropFirst(leading)
        guard let blank = rest.firstIndex(where: \.isWhitespace) else {
            return LineEditor.Completion(start: leading, candidates: Self.commands)
        }
        let command = rest[..<blank]
        let start = leading + command.count + rest[blank...].prefix { $0.isWhitespace }.count
        let snapshot = navigator.registry.snapshot
        let candidates: [LineEditor.Completion.Candidate] =
            switch ShellCommand(word: command) {
            case .open:
                snapshot.routes.map { .init(Self.literalStart(of: $0.pattern), label: $0.pattern.description) }
            case .do: (navigator.topScreen?.actions ?? []).map { .init($0.id) }
            case .disable: snapshot.modules.map(\.name).filter { !snapshot.isDisabled($0) }.map { .init($0) }
            case .enable: snapshot.disabledModules.sorted().map { .init($0) }
            default: []
            }
        return LineEditor.Completion(start: start, candidates: candidates)
    }

    /// What every URL that `pattern` matches starts with: its text up to its first segment that is
    /// not literal (`app://circles/` for `app://circles/:id(int)`).
    private static func literalStart(of pattern: RoutePattern) -> String {
        let literals = pattern.segments.prefix { if case .literal = $0 { true } else { false } }
        let more = literals.count < pattern.segments.count ? "/" : ""
        return "\(pattern.scheme)://\(pattern.host)" + literals.map { "/\($0)" }.joined() + more
    }
}

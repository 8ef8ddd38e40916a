import Plugboard

extension ShellSession {
    /// The commands as Tab completes them: those that take an argument end with a blank.
    private static let commands = ShellCommand.allCases.map {
        LineEditor.Completion.Candidate($0.rawValue + ($0.takesArgument ? " " : ""))
    }

    /// What Tab may complete at the end of `text`, the line before the cursor: a command; after
    /// `open`, a URL (see ``urlCandidates(in:)``); after `do`, an action of the screen shown;
    /// after `disable` or `enable`, a module's name; after `restart`, an isolated plugin's name,
    /// and after `reload`, an active plugin's.
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
            case .open: urlCandidates(in: snapshot)
            case .do: (navigator.topScreen?.actions ?? []).map { .init($0.id) }
            case .disable:
                snapshot.knownModules.filter { !snapshot.isDisabled($0) }.map { .init($0) }
            case .enable: snapshot.disabledModules.sorted().map { .init($0) }
            case .restart: isolatedPluginNames.map { .init($0) }
            case .reload: (activePluginNames + isolatedPluginNames).sorted().map { .init($0) }
            default: []
            }
        return LineEditor.Completion(start: start, candidates: candidates)
    }

    /// The URLs Tab offers after `open`, all of which can be typed as they are: the URL of each
    /// route without parameters, each route's example URL, and each URL opened before in this
    /// session; for a route with parameters, what its URLs start with, listed with its parameters
    /// as placeholders (`app://circles/<id:int>`), a hint of what to type next.
    private func urlCandidates(in snapshot: RegistrySnapshot) -> [LineEditor.Completion.Candidate] {
        var seen: Set<String> = []
        let routes = snapshot.routes.map { route in
            let pattern = route.pattern
            guard pattern.segments.allSatisfy({ if case .literal = $0 { true } else { false } }) else {
                return LineEditor.Completion.Candidate(
                    Self.literalStart(of: pattern), label: Self.placeholders(of: pattern))
            }
            seen.insert(pattern.description)
            return .init(pattern.description)
        }
        let urls = snapshot.routes.compactMap(\.example) + navigator.history.map(\.url)
        return routes + urls.filter { seen.insert($0).inserted }.map { .init($0) }
    }

    /// `pattern` with each segment that is not literal as a placeholder a person reads:
    /// `<id:int>`, `<name>`, `<any>` for `*`, `<path…>` for `**`.
    private static func placeholders(of pattern: RoutePattern) -> String {
        let segments = pattern.segments.map { segment in
            switch segment {
            case .literal(let text): text
            case .parameter(let name, let type): "<\(name)\(type.map { ":\($0)" } ?? "")>"
            case .wildcard: "<any>"
            case .catchAll: "<path…>"
            }
        }
        return "\(pattern.scheme)://\(pattern.host)" + segments.map { "/\($0)" }.joined()
    }

    /// What every URL that `pattern` matches starts with: its text up to its first segment that is
    /// not literal (`app://circles/` for `app://circles/:id(int)`).
    private static func literalStart(of pattern: RoutePattern) -> String {
        let literals = pattern.segments.prefix { if case .literal = $0 { true } else { false } }
        let more = literals.count < pattern.segments.count ? "/" : ""
        return "\(pattern.scheme)://\(pattern.host)" + literals.map { "/\($0)" }.joined() + more
    }
}

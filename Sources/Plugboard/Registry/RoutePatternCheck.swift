/// The foundation's rule for route patterns: `scheme://host[/path]`, no spaces, no query.
enum RoutePatternCheck {
    /// Why `pattern` cannot be registered, or `nil` when it can.
    static func problem(in pattern: String) -> String? {
        guard let separator = pattern.firstRange(of: "://") else {
            return "expected the form scheme://host/path"
        }
        let scheme = pattern[..<separator.lowerBound]
        let rest = pattern[separator.upperBound...]
        if scheme.isEmpty || !scheme.allSatisfy({ $0.isLetter || $0.isNumber || "+-.".contains($0) }) {
            return "the scheme must be letters, digits, '+', '-' or '.'"
        }
        if rest.isEmpty || rest.hasPrefix("/") {
            return "the host is missing"
        }
        if pattern.contains(where: { $0.isWhitespace || $0 == "?" || $0 == "#" }) {
            return "spaces, '?' and '#' are not allowed in a pattern"
        }
        return nil
    }
}

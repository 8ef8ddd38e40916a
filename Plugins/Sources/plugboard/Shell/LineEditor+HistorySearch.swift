extension LineEditor {
    /// Searches the lines typed before, the latest first, for one that holds what is typed after
    /// Ctrl-R; Ctrl-R again finds an earlier one. Returns what to do: Enter runs the line found,
    /// Esc or another editing key takes it to be edited, Ctrl-G leaves the line as it was, Ctrl-C
    /// gives up the line, as in bash.
    func searchHistory() -> SearchOutcome {
        var query = ""
        var found: Int?
        let lines = history.lines
        /// The latest line below `end` that holds the query.
        func match(below end: Int) -> Int? { lines[..<end].lastIndex { $0.contains(query) } }
        while true {
            let shown = found.map { lines[$0] } ?? ""
            write("\r(history) \(query): \(shown)\u{1B}[K")
            guard let key = Self.nextKey() else { return .edit(nil) }
            switch key {
            case .text(let text):
                query += text
                found = match(below: found.map { $0 + 1 } ?? lines.count)
            case .backspace where !query.isEmpty:
                query.removeLast()
                found = query.isEmpty ? nil : match(below: lines.count)
            case .search:
                if let earlier = match(below: found ?? lines.count) { found = earlier } else { write("\u{7}") }
            case .enter: return found.map { .run(lines[$0]) } ?? .edit(nil)
            case .cancel, .ignored: return .edit(nil)
            case .interrupt: return .interrupt
            default: return .edit(found.map { lines[$0] })
            }
        }
    }
}

/// What a history search ends in.
enum SearchOutcome {
    /// Edit the line found, or the line as it was (`nil`).
    case edit(String?)
    /// Run the line found.
    case run(String)
    /// Give up the line.
    case interrupt
}

extension LineEditor {
    /// Searches the lines typed before, the latest first, for one that holds what is typed after
    /// Ctrl-R; Ctrl-R again finds an earlier one. Returns the line found, if any, and whether to
    /// run it: Enter runs it, another editing key takes it to be edited, Ctrl-G or Esc leaves the
    /// line as it was (returns no line).
    func searchHistory() -> (found: String?, run: Bool) {
        var query = ""
        var found: Int?
        let lines = history.lines
        /// The latest line below `end` that holds the query.
        func match(below end: Int) -> Int? { lines[..<end].lastIndex { $0.contains(query) } }
        while true {
            let shown = found.map { lines[$0] } ?? ""
            write("\r(history) \(query): \(shown)\u{1B}[K")
            guard let key = Self.nextKey() else {
                return (nil, false)
            }
            switch key {
            case .text(let text):
                query += text
                found = match(below: found.map { $0 + 1 } ?? lines.count)
            case .backspace where !query.isEmpty:
                query.removeLast()
                found = query.isEmpty ? nil : match(below: lines.count)
            case .search:
                if let earlier = match(below: found ?? lines.count) { found = earlier } else { write("\u{7}") }
            case .enter: return (found.map { lines[$0] }, found != nil)
            case .cancel, .ignored: return (nil, false)
            default: return (found.map { lines[$0] }, false)
            }
        }
    }
}

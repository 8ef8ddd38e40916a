extension LineEditor {
    /// What Tab may put in place of the text from `start` (a number of characters) to the cursor.
    struct Completion {
        /// A text Tab may put in, and how a list of candidates shows it.
        struct Candidate {
            let text: String
            let label: String

            init(_ text: String, label: String? = nil) {
                self.text = text
                self.label = label ?? text
            }
        }

        let start: Int
        let candidates: [Candidate]
    }

    /// Completes the text before the cursor as far as every candidate agrees; when that adds
    /// nothing, lists the candidates' labels, one a line (an action's ID may hold a blank), or
    /// rings the bell when there are none.
    func complete(_ line: inout EditedLine) {
        let before = line.textBeforeCursor
        let completion = completions(before)
        let typed = before.dropFirst(completion.start)
        let candidates = completion.candidates.filter { $0.text.hasPrefix(typed) && $0.text.isPrintable }
        guard let first = candidates.first else { return write("\u{7}") }
        let common = candidates.dropFirst().reduce(Substring(first.text)) { common, candidate in
            common.prefix(zip(common, candidate.text).prefix { $0 == $1 }.count)
        }
        if common.count > typed.count {
            line.replace(from: completion.start, with: String(common))
        } else if candidates.count > 1 {
            write("\n" + candidates.map { "  \(TerminalSafeText.make($0.label))\n" }.joined())
        }
    }
}

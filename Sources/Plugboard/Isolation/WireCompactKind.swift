/// Numbered kinds of what the compact form holds (``WireCompactForm``), each the byte before it:
/// a message about a byte that is no kind names the numbers there are.
protocol WireCompactKind: RawRepresentable<UInt8>, CaseIterable {}

extension WireCompactKind {
    /// The numbers of the kinds there are, as a message names them: `1 to 6`.
    static var numbers: String {
        let numbers = allCases.map(\.rawValue)
        return "\(numbers.min() ?? 0) to \(numbers.max() ?? 0)"
    }
}

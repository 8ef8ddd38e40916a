/// `count` followed by `noun`, plural unless the count is one: "1 module", "3 modules",
/// "0 plugin files".
func counted(_ count: Int, _ noun: String) -> String {
    count == 1 ? "1 \(noun)" : "\(count) \(noun)s"
}

/// Lists of numbers, one for each key from zero, kept in one flat array: `slices[key]` holds the
/// items given for `key`, in the order given. Resolution keeps a plugin's files and its dependents
/// this way, so that building and reading them allocates nothing per plugin.
struct Slices {
    private var items: [Int]
    /// Where each key's items start in `items`, then where the last key's end.
    private let starts: [Int]

    /// Groups `pairs` by key; every key lies in `0..<count`.
    init(count: Int, items pairs: some Sequence<(Int, Int)>) {
        var starts = [Int](repeating: 0, count: count + 1)
        for (key, _) in pairs { starts[key + 1] += 1 }
        for key in 0..<count { starts[key + 1] += starts[key] }
        var next = starts
        var items = [Int](repeating: 0, count: starts[count])
        for (key, item) in pairs {
            items[next[key]] = item
            next[key] += 1
        }
        self.items = items
        self.starts = starts
    }

    /// The items of `key`.
    subscript(key: Int) -> ArraySlice<Int> {
        items[starts[key]..<starts[key + 1]]
    }

    /// These slices, each sorted by `areInIncreasingOrder`.
    func sortingEach(by areInIncreasingOrder: (Int, Int) -> Bool) -> Slices {
        var sorted = self
        for key in starts.indices.dropLast() where starts[key + 1] - starts[key] > 1 {
            sorted.items[starts[key]..<starts[key + 1]].sort(by: areInIncreasingOrder)
        }
        return sorted
    }
}

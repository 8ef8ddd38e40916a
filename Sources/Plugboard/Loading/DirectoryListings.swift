/// The names in directories, each directory listed once per loading call: how the checks tell
/// whether a library a plugin links lies beside it without a `stat` per library (a plugin links a
/// dozen and more; one listing serves every plugin of a directory).
struct DirectoryListings {
    private var listings: [String: Set<[UInt8]>] = [:]

    /// Whether `directory` holds an entry named `name`; `false` when it cannot be listed.
    mutating func contains(_ name: String, in directory: String) -> Bool {
        if listings[directory] == nil {
            listings[directory] = Set((try? DirectoryNames.raw(in: directory)) ?? [])
        }
        return listings[directory]!.contains(Array(name.utf8))
    }
}

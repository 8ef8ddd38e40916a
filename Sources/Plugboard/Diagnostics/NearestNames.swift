/// Finds the names closest to a name that was not found, for "did you mean" hints: Plugboard's
/// own messages use it for routes, modules and tasks, and a host may for its own names (commands,
/// options).
///
/// ```swift
/// NearestNames.likelyMeant(by: "opn", in: ["open", "list", "routes"])  // "open"
/// ```
public enum NearestNames {
    /// How much of a name is compared: the edit distance costs the product of both lengths, and a
    /// name from outside (a URL) may be 100 KB long.
    static let comparedLength = 256

    /// Up to `limit` of `candidates`: first those that contain the first 256 bytes
    /// of `name`, ignoring case (a module asked for as `Circles` is `CirclesPlugin.CirclesModule`),
    /// then the others; each group closest first by edit distance to those bytes, ties by name.
    ///
    /// - Parameters:
    ///   - name: The name that was not found.
    ///   - candidates: The names there are.
    ///   - limit: How many to return at most.
    /// - Returns: The nearest candidates, nearest first, however far they are.
    /// - Complexity: O(*n* × *m*²) for *n* candidates of length *m*.
    ///
    /// ```swift
    /// NearestNames.nearest(to: "Circles", in: ["CirclesPlugin.CirclesModule", "BlogPlugin.BlogModule"], limit: 1)
    /// // ["CirclesPlugin.CirclesModule"]
    /// ```
    public static func nearest(to name: String, in candidates: [String], limit: Int = 3) -> [String] {
        let target = Array(name.utf8.prefix(comparedLength))
        let part = String(decoding: target, as: UTF8.self).lowercased()
        return
            candidates
            .map { (name: $0, apart: !$0.lowercased().contains(part), distance: distance(target, toNameOrPartOf: $0)) }
            .sorted { ($0.apart ? 1 : 0, $0.distance, $0.name) < ($1.apart ? 1 : 0, $1.distance, $1.name) }
            .prefix(limit)
            .map(\.name)
    }

    /// The one of `candidates` that `name` is most likely a misspelling of: the nearest, if it
    /// contains `name` (ignoring case) or lies within a third of `name`'s length (at least 2) edits
    /// of it; `nil` when none does, rather than a name that only happens to be nearest.
    ///
    /// - Parameters:
    ///   - name: The name that was not found.
    ///   - candidates: The names there are.
    /// - Returns: The name to suggest, or `nil`.
    ///
    /// ```swift
    /// NearestNames.likelyMeant(by: "--plugin", in: ["--plugins", "--open"])   // "--plugins"
    /// NearestNames.likelyMeant(by: "no.such.task", in: ["broken.warm"])      // nil
    /// ```
    public static func likelyMeant(by name: String, in candidates: [String]) -> String? {
        guard let nearest = nearest(to: name, in: candidates, limit: 1).first else { return nil }
        let target = Array(name.utf8.prefix(comparedLength))
        let part = String(decoding: target, as: UTF8.self).lowercased()
        guard
            nearest.lowercased().contains(part) || distance(target, toNameOrPartOf: nearest) <= max(2, target.count / 3)
        else { return nil }
        return nearest
    }

    /// The edit distance from `target` to `candidate` or, if nearer, to one of its dot-separated
    /// parts: `Circls` is near `CirclesPlugin.CirclesModule` through `CirclesModule`.
    private static func distance(_ target: [UInt8], toNameOrPartOf candidate: String) -> Int {
        let parts = candidate.split(separator: ".")
        let whole = distance(target, Array(candidate.utf8))
        guard parts.count > 1 else { return whole }
        return parts.reduce(whole) { nearest, part in min(nearest, distance(target, Array(part.utf8))) }
    }

    /// The Levenshtein distance between two byte strings.
    static func distance(_ a: [UInt8], _ b: [UInt8]) -> Int {
        if a.isEmpty { return b.count }
        var previous = Array(0...b.count)
        var current = [Int](repeating: 0, count: b.count + 1)
        for (i, byteA) in a.enumerated() {
            current[0] = i + 1
            for (j, byteB) in b.enumerated() {
                let substitution = previous[j] + (byteA == byteB ? 0 : 1)
                current[j + 1] = min(substitution, previous[j + 1] + 1, current[j] + 1)
            }
            swap(&previous, &current)
        }
        return previous[b.count]
    }
}

public import Plugboard
public import RoutingKit

/// Builds both routers over the same route set, each route's output being its index.
public enum Routers {
    /// Plugboard's router.
    public static func plugboard(_ set: RouteSet) throws -> Plugboard.Router<Int> {
        var router = Plugboard.Router<Int>()
        for (index, pattern) in set.patterns.enumerated() {
            try router.add(RoutePattern(pattern.plugboard), index)
        }
        return router
    }

    /// routing-kit's `TrieRouter`.
    public static func routingKit(_ set: RouteSet) -> TrieRouter<Int> {
        let router = TrieRouter<Int>()
        for (index, pattern) in set.patterns.enumerated() {
            router.register(
                index,
                at: pattern.components.map { component in
                    switch component {
                    case .constant(let text): .constant(text)
                    case .parameter(let name): .parameter(name)
                    case .anything: .anything
                    case .catchall: .catchall
                    }
                }
            )
        }
        return router
    }

    /// One Plugboard lookup: the route and its decoded parameters, folded into a checksum.
    @inline(__always)
    public static func lookup(_ router: Plugboard.Router<Int>, _ url: String) -> Int {
        guard case .matched(let entry, let parameters) = router.match(url) else { return -1 }
        return entry.route &+ parameters.path.reduce(0) { $0 &+ $1.value.utf8.count }
    }

    /// One routing-kit lookup on the same URL: split it, route it, read the decoded parameters.
    @inline(__always)
    public static func lookup(_ router: TrieRouter<Int>, _ url: String) -> Int {
        var parameters = Parameters()
        guard let route = router.route(path: RouteSet.components(of: url), parameters: &parameters) else { return -1 }
        let values = parameters.allNames.reduce(0) { $0 &+ (parameters.get($1)?.utf8.count ?? 0) }
        return route &+ values &+ parameters.getCatchall().joined(separator: "/").utf8.count
    }
}

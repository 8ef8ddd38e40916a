/// Generated deep-link shaped route sets and lookup URLs, the same for every router measured.
public struct RouteSet: Sendable {
    /// One generated route: its pattern and the path components routing-kit registers for it.
    public struct Pattern: Sendable {
        /// The Plugboard pattern, e.g. `app://f3/s17/:id(int)/t3`.
        public let plugboard: String
        /// The same route for routing-kit: scheme, host, then the path's components.
        public let components: [Component]
    }

    /// A path component in routing-kit's terms.
    public enum Component: Sendable {
        case constant(String)
        case parameter(String)
        case anything
        case catchall
    }

    /// The patterns, in registration order.
    public let patterns: [Pattern]
    /// Lookup URLs: one per route (parameters filled in), and about 10% that match nothing.
    public let urls: [String]

    /// A set of `count` routes spread over up to 50 hosts.
    public init(count: Int) {
        var state: UInt64 = 0xC0FFEE &+ UInt64(count)
        func next(_ bound: Int) -> Int {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return Int((state >> 33) % UInt64(bound))
        }
        let hosts = min(50, count)
        var patterns: [Pattern] = []
        var urls: [String] = []
        for index in 0..<count {
            let host = "f\(index % hosts)"
            let section = "s\(index)"
            let origin: [Component] = [.constant("app"), .constant(host), .constant(section)]
            let id = String(next(1_000_000))
            switch index % 5 {
            case 0:
                patterns.append(Pattern(plugboard: "app://\(host)/\(section)", components: origin))
                urls.append("app://\(host)/\(section)")
            case 1:
                patterns.append(
                    Pattern(plugboard: "app://\(host)/\(section)/:id", components: origin + [.parameter("id")])
                )
                urls.append("app://\(host)/\(section)/item-\(id)")
            case 2:
                patterns.append(
                    Pattern(
                        plugboard: "app://\(host)/\(section)/:id(int)/t\(index % 7)",
                        components: origin + [.parameter("id"), .constant("t\(index % 7)")]
                    )
                )
                urls.append("app://\(host)/\(section)/\(id)/t\(index % 7)")
            case 3:
                patterns.append(
                    Pattern(
                        plugboard: "app://\(host)/\(section)/*/detail",
                        components: origin + [.anything, .constant("detail")]
                    )
                )
                urls.append("app://\(host)/\(section)/x\(id)/detail")
            default:
                patterns.append(Pattern(plugboard: "app://\(host)/\(section)/**", components: origin + [.catchall]))
                urls.append("app://\(host)/\(section)/a/b%20c/\(id)")
            }
            if index % 9 == 0 { urls.append("app://\(host)/missing\(index)/\(id)") }
        }
        self.patterns = patterns
        self.urls = urls
    }

    /// `url` split the way routing-kit takes paths: scheme, host, then path segments. Split on
    /// UTF-8 bytes, so routing-kit is not charged for grapheme breaking.
    public static func components(of url: String) -> [String] {
        var components: [String] = []
        let utf8 = url.utf8
        var start = utf8.startIndex
        var index = start
        while index != utf8.endIndex {
            let byte = utf8[index]
            if byte == UInt8(ascii: "/") || byte == UInt8(ascii: ":") {
                if start != index { components.append(String(Substring(utf8[start..<index]))) }
                start = utf8.index(after: index)
            }
            index = utf8.index(after: index)
        }
        if start != utf8.endIndex { components.append(String(Substring(utf8[start...]))) }
        return components
    }
}

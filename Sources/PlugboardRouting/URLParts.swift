/// Where a URL's parts are, as byte offsets into its UTF-8: found in one scan, with no copies.
struct URLParts {
    /// The end of `scheme://host` (the origin is `0..<hostEnd`), which is where the path starts.
    var hostEnd: Int
    /// The end of the path: the `?`, the `#`, or the end of the URL.
    var pathEnd: Int
    /// The query after `?`, without it.
    var query: Range<Int>?
    /// The fragment after `#`, without it.
    var fragment: Range<Int>?

    /// Why bytes are not a routable URL.
    struct Problem: Error {
        let reason: String
    }

    /// Finds the parts of the URL in `bytes`.
    /// - Throws: ``Problem`` when it is not of the form `scheme://host/path`.
    static func split(_ bytes: UnsafeBufferPointer<UInt8>) throws(Problem) -> URLParts {
        guard let colon = bytes.firstIndex(of: UInt8(ascii: ":")) else {
            throw Problem(reason: "expected the form scheme://host/path")
        }
        guard SchemeSyntax.isValid(bytes[..<colon]) else {
            throw Problem(reason: "the scheme is missing or has characters other than letters, digits, '+', '-', '.'")
        }
        guard colon + 2 < bytes.count, bytes[colon + 1] == UInt8(ascii: "/"), bytes[colon + 2] == UInt8(ascii: "/")
        else {
            throw Problem(reason: "expected '//' after the scheme")
        }
        // One pass over the rest: control bytes, the end of the host, the first '?' before the
        // first '#', and that '#'.
        let hostStart = colon + 3
        var hostEnd: Int?
        var queryStart: Int?
        var fragmentStart = bytes.count
        for offset in hostStart..<bytes.count {
            let byte = bytes[offset]
            if byte <= 0x20 || byte == 0x7F { throw Problem(reason: "byte \(byte) must be percent-encoded") }
            guard byte == UInt8(ascii: "/") || byte == UInt8(ascii: "?") || byte == UInt8(ascii: "#") else { continue }
            if hostEnd == nil { hostEnd = offset }
            guard fragmentStart == bytes.count else { continue }
            if byte == UInt8(ascii: "#") {
                fragmentStart = offset
            } else if byte == UInt8(ascii: "?"), queryStart == nil {
                queryStart = offset
            }
        }
        let end = hostEnd ?? bytes.count
        guard hostStart < end else { throw Problem(reason: "the host is empty") }
        return URLParts(
            hostEnd: end,
            pathEnd: queryStart ?? fragmentStart,
            query: queryStart.map { $0 + 1..<fragmentStart },
            fragment: fragmentStart < bytes.count ? fragmentStart + 1..<bytes.count : nil
        )
    }
}

/// Why a URL cannot be routed: it is not of the form `scheme://host/path`, or an escape is bad.
///
/// ```swift
/// if case .invalid(let error) = router.match("circles/42") {
///     print(error)  // 'circles/42' is not a valid route URL: …
/// }
/// ```
public struct RouteURLError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The URL as given (the description shows it cut to 200 characters, control characters escaped).
    ///
    /// ```swift
    /// if case .invalid(let error) = router.match("circles/42") { print(error.url) }  // "circles/42"
    /// ```
    public let url: String
    /// What is wrong with it.
    ///
    /// ```swift
    /// if case .invalid(let error) = router.match("app://a/%zz") { print(error.reason) }
    /// ```
    public let reason: String

    /// `'url' is not a valid route URL: reason`.
    ///
    /// ```swift
    /// if case .invalid(let error) = router.match("circles/42") { print(error.description) }
    /// ```
    public var description: String {
        "'\(url.shown)' is not a valid route URL: \(reason)"
    }
}

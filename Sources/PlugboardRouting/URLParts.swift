/// A URL split into the parts routing uses, as slices of the original string (no copies).
struct URLParts {
    /// `scheme://host`, used to find the routes of that scheme and host.
    var origin: Substring
    var path: Substring
    var query: Substring?
    var fragment: Substring?

    /// Splits `url`, or returns why it cannot be routed. Scans the URL's UTF-8 bytes once for the
    /// boundaries, then slices the string at them.
    static func split(_ url: String) -> Result<URLParts, RouteURLError> {
        var url = url
        let boundaries = url.withUTF8 { bytes in boundariesOrReason(bytes) }
        let (hostEnd, queryStart, fragmentStart): (Int, Int?, Int?)
        switch boundaries {
        case .failure(let reason): return .failure(RouteURLError(url: url, reason: reason.message))
        case .success(let found): (hostEnd, queryStart, fragmentStart) = found
        }
        let utf8 = url.utf8
        func index(_ offset: Int) -> String.Index { utf8.index(utf8.startIndex, offsetBy: offset) }
        let end = utf8.count
        let beforeFragment = fragmentStart ?? end
        let pathEnd = queryStart ?? beforeFragment
        return .success(
            URLParts(
                origin: Substring(utf8[..<index(hostEnd)]),
                path: Substring(utf8[index(hostEnd)..<index(pathEnd)]),
                query: queryStart.map { Substring(utf8[index($0 + 1)..<index(beforeFragment)]) },
                fragment: fragmentStart.map { Substring(utf8[index($0 + 1)...]) }
            )
        )
    }

    private struct Reason: Error {
        let message: String
    }

    /// The offsets of the end of the host, of `?` and of `#`, or what is wrong.
    private static func boundariesOrReason(_ bytes: UnsafeBufferPointer<UInt8>) -> Result<(Int, Int?, Int?), Reason> {
        guard let colon = bytes.firstIndex(of: UInt8(ascii: ":")) else {
            return .failure(Reason(message: "expected the form scheme://host/path"))
        }
        guard SchemeSyntax.isValid(bytes[..<colon]) else {
            return .failure(
                Reason(message: "the scheme is missing or has characters other than letters, digits, '+', '-', '.'"))
        }
        guard colon + 2 < bytes.count, bytes[colon + 1] == UInt8(ascii: "/"), bytes[colon + 2] == UInt8(ascii: "/")
        else {
            return .failure(Reason(message: "expected '//' after the scheme"))
        }
        if let bad = bytes.first(where: { $0 <= 0x20 || $0 == 0x7F }) {
            return .failure(Reason(message: "byte \(bad) must be percent-encoded"))
        }
        let hostStart = colon + 3
        var hostEnd = hostStart
        while hostEnd < bytes.count, bytes[hostEnd] != UInt8(ascii: "/"), bytes[hostEnd] != UInt8(ascii: "?"),
            bytes[hostEnd] != UInt8(ascii: "#")
        {
            hostEnd += 1
        }
        guard hostStart < hostEnd else { return .failure(Reason(message: "the host is empty")) }
        var fragment: Int?
        var query: Int?
        for offset in hostEnd..<bytes.count {
            if bytes[offset] == UInt8(ascii: "#") {
                fragment = offset
                break
            }
            if query == nil, bytes[offset] == UInt8(ascii: "?") { query = offset }
        }
        return .success((hostEnd, query, fragment))
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
    /// The URL as given (cut to 200 characters in the description).
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
        let shown = url.count > 200 ? String(url.prefix(200)) + "…" : url
        return "'\(shown)' is not a valid route URL: \(reason)"
    }
}

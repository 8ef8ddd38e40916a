/// A URL split into the parts routing uses, as slices of the original string (no copies).
struct URLParts {
    /// `scheme://host`, used to find the routes of that scheme and host.
    var origin: Substring
    var path: Substring
    var query: Substring?
    var fragment: Substring?

    /// Splits `url`, or returns why it cannot be routed.
    static func split(_ url: String) -> Result<URLParts, RouteURLError> {
        let utf8 = url.utf8
        guard let colon = utf8.firstIndex(of: UInt8(ascii: ":")) else {
            return .failure(.init(url: url, reason: "expected the form scheme://host/path"))
        }
        let scheme = utf8[..<colon]
        guard let first = scheme.first, isLetter(first),
            scheme.allSatisfy({
                isLetter($0) || isDigit($0) || $0 == UInt8(ascii: "+") || $0 == UInt8(ascii: "-")
                    || $0 == UInt8(ascii: ".")
            })
        else {
            return .failure(
                .init(
                    url: url,
                    reason: "the scheme is missing or has characters other than letters, digits, '+', '-', '.'"))
        }
        let afterColon = utf8.index(after: colon)
        guard afterColon != utf8.endIndex, utf8[afterColon] == UInt8(ascii: "/"),
            utf8.index(after: afterColon) != utf8.endIndex, utf8[utf8.index(after: afterColon)] == UInt8(ascii: "/")
        else {
            return .failure(.init(url: url, reason: "expected '//' after the scheme"))
        }
        let hostStart = utf8.index(afterColon, offsetBy: 2)
        if let bad = utf8.first(where: { $0 <= 0x20 || $0 == 0x7F }) {
            return .failure(.init(url: url, reason: "byte \(bad) must be percent-encoded"))
        }
        let hostEnd =
            utf8[hostStart...].firstIndex {
                $0 == UInt8(ascii: "/") || $0 == UInt8(ascii: "?") || $0 == UInt8(ascii: "#")
            } ?? utf8.endIndex
        guard hostStart < hostEnd else { return .failure(.init(url: url, reason: "the host is empty")) }
        let fragmentStart = utf8[hostEnd...].firstIndex(of: UInt8(ascii: "#"))
        let beforeFragment = fragmentStart ?? utf8.endIndex
        let queryStart = utf8[hostEnd..<beforeFragment].firstIndex(of: UInt8(ascii: "?"))
        let pathEnd = queryStart ?? beforeFragment
        return .success(
            URLParts(
                origin: Substring(url.utf8[..<hostEnd]),
                path: Substring(url.utf8[hostEnd..<pathEnd]),
                query: queryStart.map { Substring(url.utf8[url.utf8.index(after: $0)..<beforeFragment]) },
                fragment: fragmentStart.map { Substring(url.utf8[url.utf8.index(after: $0)...]) }
            )
        )
    }

    private static func isLetter(_ byte: UInt8) -> Bool {
        (byte | 0x20) >= UInt8(ascii: "a") && (byte | 0x20) <= UInt8(ascii: "z")
    }

    private static func isDigit(_ byte: UInt8) -> Bool {
        byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9")
    }
}

/// Why a URL cannot be routed: it is not of the form `scheme://host/path`, or an escape is bad.
public struct RouteURLError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The URL as given (cut to 200 characters in the description).
    public let url: String
    /// What is wrong with it.
    public let reason: String

    /// `'url' is not a valid route URL: reason`.
    public var description: String {
        let shown = url.count > 200 ? String(url.prefix(200)) + "…" : url
        return "'\(shown)' is not a valid route URL: \(reason)"
    }
}

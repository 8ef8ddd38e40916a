import Plugboard

/// A URL given on the command line, checked for its form before anything is loaded: one that is
/// not of the form `scheme://host/path` can never match, so it is a usage error (exit status 2).
enum URLOperand {
    /// `url`, when it has the form of a route URL.
    /// - Throws: ``HostError/usage(_:)`` saying what is wrong and showing the form.
    static func checked(_ url: String) throws -> String {
        guard case .invalid(let error) = Router<Int>().match(url) else { return url }
        throw HostError.usage("\(error); a URL looks like app://circles/42")
    }
}

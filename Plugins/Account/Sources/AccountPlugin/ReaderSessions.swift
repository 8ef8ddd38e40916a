/// Who is reading: the service the account plugin provides to the plugins that import its module.
///
/// A plugin that needs it declares the account plugin as a dependency, links its library (a
/// product of the account's package, `AccountPlugin`) and looks it up when it needs it:
///
/// ```swift
/// let sessions = registrar.lookup((any ReaderSessions).self)  // while registering
/// if let reader = try sessions().reader { print("logged in as", reader) }  // later
/// ```
public protocol ReaderSessions: Sendable {
    /// The account of the reader who is logged in, or `nil` when nobody is.
    ///
    /// ```swift
    /// sessions.reader  // "ann"
    /// ```
    var reader: String? { get }
}

/// A plugin file that passed the checks made before `dlopen` and was opened.
struct OpenedPlugin: @unchecked Sendable {  // a `dlopen` handle is valid on every thread
    /// The plugin file's path, as given to the loader.
    let path: String
    /// The manifest sealed into the file, if it was sealed.
    let sealed: SealedManifest?
    /// What `dlopen` returned for the file.
    let handle: UnsafeMutableRawPointer
    /// Its soname, and the sonames of the plugin libraries it links (bound to images the loader
    /// mapped before it).
    let soname: String?
    let linkedPlugins: [String]
}

/// What became of one plugin file before its registration: opened, or refused by a check or by
/// `dlopen`.
///
/// A plain enumeration rather than a `Result`: the first `Result` with a new error type makes the
/// runtime look up the error's `Error` conformance through every loaded image, which would hold up
/// the first `dlopen`.
enum Opening: Sendable {
    case opened(OpenedPlugin)
    case refused(PluginLoadError)
}

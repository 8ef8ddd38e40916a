/// A plugin file that passed the checks made before `dlopen` and was opened.
struct OpenedPlugin: @unchecked Sendable {  // a `dlopen` handle is valid on every thread
    /// The plugin file's path, as given to the loader.
    let path: String
    /// The manifest sealed into the file, if it was sealed.
    let sealed: SealedManifest?
    /// What `dlopen` returned for the file.
    let handle: UnsafeMutableRawPointer
}

/// A plugin file that passed every check made before `dlopen`, still open: the checks read it
/// through ``descriptor``, and `dlopen` maps it through the same descriptor, so a file renamed
/// over the checked one in between is never what gets loaded.
struct CheckedFile: Sendable {
    /// The manifest sealed into the file, if it was sealed.
    let sealed: SealedManifest?
    /// The open file the checks read. Whoever holds it closes it unless `dlopen` mapped it: the
    /// dynamic loader then knows the image by the name `/proc/self/fd/N`, and would answer a later
    /// `dlopen` of that name, after `N` was reused for another file, with this image.
    let descriptor: Int32
    /// The directory the file lies in (a symbolic link's target's): where a library it links
    /// lies beside it.
    let directory: String
    /// What its dynamic section says of the libraries it links and of its own soname.
    let dynamic: DynamicSection

    /// The name under which `dlopen` maps the file open as ``descriptor``.
    var mappingName: String { "/proc/self/fd/\(descriptor)" }
}

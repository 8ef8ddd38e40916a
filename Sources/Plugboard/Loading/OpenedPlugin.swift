/// A plugin file that passed the checks made before `dlopen`, was opened, and whose manifest type
/// and modules were found in its image: the part of loading that runs none of the plugin's code.
struct OpenedPlugin: Sendable {
    /// The plugin file's path, as given to the loader.
    let path: String
    /// The manifest sealed into the file, if it was sealed.
    let sealed: SealedManifest?
    /// The plugin's manifest type.
    let plugin: any Plugin.Type
    /// The plugin's module types, in registration order.
    let modules: [any Module.Type]
}

public import Plugboard

/// The greeter plugin's manifest: the one line that makes this library a Plugboard plugin.
public enum GreeterPlugin: Plugin {
    public static let manifest = PluginManifest(name: "Greeter", version: "1.0.0")
}

// A plugin that needs another: it imports the bundled account plugin's module, declares the
// account plugin as a dependency, and asks its session service who is reading. The tests compile
// it alone, as its author's package would, and install it apart from the plugin it needs.

import AccountPlugin
public import Plugboard

public enum NotesPlugin: Plugin {
    public static let manifest = PluginManifest(
        name: "Notes", version: "1.0.0", dependencies: [.plugin("Account", from: "1.0.0")])
}

public final class NotesModule: Module {
    public init() {}

    public func register(with registrar: ModuleRegistrar) throws {
        let sessions = registrar.lookup((any ReaderSessions).self)
        registrar.route("app://notes", title: "Notes") { _ in NotesScreen(reader: (try? sessions())?.reader) }
    }
}

final class NotesScreen: Screen {
    let title = "Notes"
    let reader: String?

    init(reader: String?) { self.reader = reader }

    func render() -> String { "Notes of \(reader ?? "nobody")" }
}

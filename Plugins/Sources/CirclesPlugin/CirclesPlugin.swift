public import Plugboard

/// The circles feature: the circle list, a circle's page and the new-circle list.
public enum CirclesPlugin: Plugin {
    // Its launch task runs after the Shell plugin's store is open.
    public static let manifest = PluginManifest(
        name: "Circles", version: "1.0.0", dependencies: [.plugin("Shell", from: "1.0.0")])
}

/// Registers the circle routes and the task that loads the joined circles.
public final class CirclesModule: Module {
    public init() {}

    public func register(with registrar: ModuleRegistrar) throws {
        let store = CircleStore()
        registrar.startupTask("circles.load-joined", after: ["shell.store"]) { await store.loadJoined() }
        registrar.route("app://circles", title: "Circles: joined and recommended") { _ in
            CircleListScreen(model: CircleListViewModel(store: store))
        }
        registrar.route("app://circles/:id(int)", title: "A circle's page", example: "app://circles/42") { request in
            try CircleScreen(circle: store.circle(id: try request.int("id")))
        }
        registrar.route("app://circles/new", title: "Circles to create") { _ in NewCirclesScreen() }
    }
}

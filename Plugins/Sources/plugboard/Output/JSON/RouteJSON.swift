import Plugboard

/// A route as scripts read it: its pattern, title, example, module, plugin and file, whether its plugin is
/// active and where it runs, and its parameters with their types (`null` for a parameter of any text).
struct RouteJSON: Encodable {
    struct Parameter: Encodable {
        let name: String
        let type: String?
    }

    let pattern: String
    let title: String?
    /// A URL it opens, for a route with parameters that declares one.
    let example: String?
    let module: String
    /// The plugin of its module, `nil` for a module linked into the host.
    let plugin: String?
    let file: String
    /// Whether its plugin is active; opening the route of one that is not activates it.
    let active: Bool
    /// Whether its plugin runs, or is to run, in a plugin process of its own (`--isolate`); left
    /// out where nothing runs (`inspect`).
    var isolated: Bool?
    let parameters: [Parameter]

    /// `route` of `snapshot`, whose plugin is isolated if `isolated` names it.
    init(_ route: Route, in snapshot: RegistrySnapshot, isolated: Set<String>) {
        pattern = route.pattern.description
        title = route.title
        example = route.example
        module = route.owner.module
        plugin =
            route.inactivePlugin ?? snapshot.modules.first { $0.owner.module == route.owner.module }?.plugin
        file = route.owner.image
        active = route.inactivePlugin == nil
        self.isolated = plugin.map(isolated.contains) ?? false
        parameters = Self.parameters(of: route.pattern)
    }

    /// The route `pattern` a manifest declares for `module` of `plugin` in `file`, which is not
    /// loaded.
    init(pattern text: String, title: String?, example: String?, module: String, plugin: String, file: String) {
        pattern = text
        self.title = title
        self.example = example
        self.module = module
        self.plugin = plugin
        self.file = file
        active = false
        parameters = (try? RoutePattern(text)).map(Self.parameters) ?? []
    }

    private static func parameters(of pattern: RoutePattern) -> [Parameter] {
        pattern.segments.compactMap { segment in
            guard case .parameter(let name, let type) = segment else { return nil }
            return Parameter(name: name, type: type)
        }
    }
}

/// The files `plugboard new` writes.
enum PluginTemplate {
    static func packageManifest(name: String, runtime: String) -> String {
        """
        // swift-tools-version: 6.1
        import PackageDescription

        let package = Package(
            name: "\(name)",
            products: [.library(name: "\(name)", type: .dynamic, targets: ["\(name)"])],
            dependencies: [.package(name: "plugboard", path: "\(runtime)")],
            targets: [.target(name: "\(name)", dependencies: [.product(name: "Plugboard", package: "plugboard")])]
        )

        """
    }

    static func source(name: String) -> String {
        let route = "app://\(name.lowercased())"
        return """
            public import Plugboard

            public enum \(name)Plugin: Plugin {
                public static let manifest = PluginManifest(name: "\(name)", version: "0.1.0")
            }

            public final class \(name)Module: Module {
                public init() {}

                public func register(with registrar: ModuleRegistrar) throws {
                    registrar.startupTask("\(name.lowercased()).start") {}
                    registrar.route("\(route)", title: "\(name)") { _ in \(name)Screen(model: \(name)ViewModel()) }
                }
            }

            final class \(name)ViewModel: ViewModel {
                let navigation = Signal<NavigationRequest>()
            }

            final class \(name)Screen: Screen {
                let model: \(name)ViewModel
                var viewModel: (any ViewModel)? { model }
                let title = "\(name)"

                init(model: \(name)ViewModel) { self.model = model }

                func render() -> String { "Hello from the \(name) plugin." }

                var actions: [ScreenAction] {
                    [ScreenAction("circles", title: "Open the circles") { [model] _ in model.navigation.send(.push("app://circles")) }]
                }
            }

            """
    }
}

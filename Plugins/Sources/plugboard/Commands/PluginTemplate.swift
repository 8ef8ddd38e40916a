/// The files `plugboard new` writes.
enum PluginTemplate {
    /// A file of the new package: its path inside the package, and what it holds.
    struct File {
        let path: String
        let contents: String
    }

    /// Every file of the plugin package `name`, which depends on the Plugboard package at `runtime`.
    static func files(name: String, runtime: String) -> [File] {
        [
            File(path: "Package.swift", contents: packageManifest(name: name, runtime: runtime)),
            File(path: "Sources/\(name)/\(name).swift", contents: source(name: name)),
            File(path: "Tests/\(name)Tests/\(name)Tests.swift", contents: tests(name: name)),
            File(path: ".gitignore", contents: ".build/\n.swiftpm/\n"),
            File(path: ".swift-format", contents: formatConfiguration),
        ]
    }

    /// What `swift format` reads in the new package: four spaces, as its files are written.
    private static let formatConfiguration = """
        { "version": 1, "indentation": { "spaces": 4 }, "lineLength": 120 }

        """

    private static func packageManifest(name: String, runtime: String) -> String {
        """
        // swift-tools-version: 6.1
        import PackageDescription

        let package = Package(
            name: "\(name)",
            products: [.library(name: "\(name)", type: .dynamic, targets: ["\(name)"])],
            dependencies: [.package(name: "plugboard", path: "\(runtime)")],
            targets: [
                .target(name: "\(name)", dependencies: [.product(name: "Plugboard", package: "plugboard")]),
                .testTarget(
                    name: "\(name)Tests", dependencies: ["\(name)", .product(name: "Plugboard", package: "plugboard")]),
            ]
        )

        """
    }

    private static func source(name: String) -> String {
        let (route, task, type) = (route(of: name), task(of: name), typeName(name))
        return """
            public import Plugboard

            public enum \(type)Plugin: Plugin {
                public static let manifest = PluginManifest(name: "\(name)", version: "0.1.0")
            }

            public final class \(type)Module: Module {
                public init() {}

                public func register(with registrar: ModuleRegistrar) throws {
                    registrar.startupTask("\(task)") {}
                    registrar.route("\(route)", title: "\(name)") { _ in \(type)Screen(model: \(type)ViewModel()) }
                }
            }

            final class \(type)ViewModel: ViewModel {
                let navigation = Signal<NavigationRequest>()

                func openCircles() { navigation.send(.push("app://circles")) }
            }

            final class \(type)Screen: Screen {
                let model: \(type)ViewModel
                var viewModel: (any ViewModel)? { model }
                let title = "\(name)"

                init(model: \(type)ViewModel) { self.model = model }

                func render() -> String { "Hello from the \(name) plugin." }

                var actions: [ScreenAction] {
                    [ScreenAction("circles", title: "Open the circles") { [model] _ in model.openCircles() }]
                }
            }

            """
    }

    private static func tests(name: String) -> String {
        let (route, task, type) = (route(of: name), task(of: name), typeName(name))
        // In the order `swift format` wants them, which depends on the name.
        let imports = [name, "Plugboard", "Testing"].sorted().map { "import \($0)" }.joined(separator: "\n")
        return """
            \(imports)

            /// The plugin's flows, driven headlessly: no plugin file, no host, no terminal.
            @MainActor
            struct \(type)Tests {
                @Test func itsScreenGreets() async throws {
                    let host = try await TestHost(modules: [\(type)Module.self])
                    #expect(host.launchReport.entry(named: "\(task)")?.outcome == .succeeded)
                    try await host.open("\(route)")
                    #expect(host.stack.description == "\(name)")
                    #expect(host.screenText == "Hello from the \(name) plugin.")
                }

                @Test func itsButtonOpensTheCircles() async throws {
                    // app://circles belongs to another plugin; a stand-in module answers it here.
                    let host = try await TestHost(modules: [\(type)Module.self, CirclesStandIn.self])
                    try await host.open("\(route)")
                    try await host.perform("circles")
                    #expect(host.stack.description == "\(name) > Circles")
                    #expect(host.navigator.leaks.isEmpty)
                }
            }

            /// Answers the bundled Circles plugin's route, which these tests do not load.
            final class CirclesStandIn: Module {
                init() {}

                func register(with registrar: ModuleRegistrar) throws {
                    registrar.route("app://circles", title: "Circles") { _ in CirclesStandInScreen() }
                }
            }

            final class CirclesStandInScreen: Screen {
                let title = "Circles"

                func render() -> String { "The circles." }
            }

            """
    }

    /// The route of the new plugin's screen.
    static func route(of name: String) -> String { "app://\(name.lowercased())" }

    /// The new plugin's startup task.
    private static func task(of name: String) -> String { "\(name.lowercased()).start" }

    /// `name` as the start of a type's name, which Swift spells with a capital.
    private static func typeName(_ name: String) -> String { name.prefix(1).uppercased() + name.dropFirst() }
}

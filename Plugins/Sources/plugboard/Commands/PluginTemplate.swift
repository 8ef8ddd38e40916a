/// The files `plugboard new` writes.
enum PluginTemplate {
    /// A file of the new package: its path inside the package, and what it holds.
    struct File {
        let path: String
        let contents: String
    }

    /// A plugin the new one needs, and the relative path from the new package to its package.
    struct Need {
        let plugin: NeededPlugin
        let path: String
    }

    /// Every file of the plugin package `name`, which depends on the Plugboard package at `runtime`
    /// and, with `need`, on the package of the plugin it needs.
    static func files(name: String, runtime: String, need: Need? = nil) -> [File] {
        [
            File(path: "Package.swift", contents: packageManifest(name: name, runtime: runtime, need: need)),
            File(path: "Sources/\(name)/\(name).swift", contents: source(name: name, need: need?.plugin)),
            File(path: "Tests/\(name)Tests/\(name)Tests.swift", contents: tests(name: name, need: need?.plugin)),
            File(path: ".gitignore", contents: ".build/\n.swiftpm/\n"),
            File(path: ".swift-format", contents: formatConfiguration),
        ]
    }

    /// What `swift format` reads in the new package: four spaces, as its files are written.
    private static let formatConfiguration = """
        { "version": 1, "indentation": { "spaces": 4 }, "lineLength": 120 }

        """

    private static func packageManifest(name: String, runtime: String, need: Need?) -> String {
        let runtimeProduct = #".product(name: "Plugboard", package: "plugboard")"#
        guard let need else {
            return """
                // swift-tools-version: 6.1
                import PackageDescription

                let package = Package(
                    name: "\(name)",
                    products: [.library(name: "\(name)", type: .dynamic, targets: ["\(name)"])],
                    dependencies: [.package(name: "plugboard", path: "\(runtime)")],
                    targets: [
                        .target(name: "\(name)", dependencies: [\(runtimeProduct)]),
                        .testTarget(
                            name: "\(name)Tests", dependencies: ["\(name)", \(runtimeProduct)]),
                    ]
                )

                """
        }
        let module = need.plugin.module
        let package = PathText.lastComponent(of: need.path).lowercased()
        return """
            // swift-tools-version: 6.1
            import PackageDescription

            // \(need.plugin.name) is a package of its own: a product of another package is linked dynamically,
            // so this plugin binds to the \(need.plugin.name) plugin the host loads, not to a copy of its own.
            let package = Package(
                name: "\(name)",
                products: [.library(name: "\(name)", type: .dynamic, targets: ["\(name)"])],
                dependencies: [
                    .package(name: "plugboard", path: "\(runtime)"),
                    .package(path: "\(need.path)"),
                ],
                targets: [
                    .target(
                        name: "\(name)",
                        dependencies: [
                            \(runtimeProduct),
                            .product(name: "\(module)", package: "\(package)"),
                        ]),
                    .testTarget(
                        name: "\(name)Tests",
                        dependencies: [
                            "\(name)",
                            \(runtimeProduct),
                            .product(name: "\(module)", package: "\(package)"),
                        ]),
                ]
            )

            """
    }

    private static func source(name: String, need: NeededPlugin?) -> String {
        let (route, task, type) = (route(of: name), task(of: name), typeName(name))
        // In the order `swift format` wants them, which depends on the module's name.
        let modules: [String] = ([need?.module].compactMap { $0 } + ["Plugboard"]).sorted()
        let imports = modules.map { $0 == "Plugboard" ? "public import Plugboard" : "import \($0)" }
            .joined(separator: "\n")
        let manifest =
            need.map {
                "PluginManifest(\n        name: \"\(name)\", version: \"0.1.0\", "
                    + "dependencies: [.plugin(\"\($0.name)\", from: \"\($0.version)\")])"
            } ?? "PluginManifest(name: \"\(name)\", version: \"0.1.0\")"
        let lookup = need.map { "let service = registrar.lookup((any \($0.service)).self)\n        " } ?? ""
        let screen =
            need == nil
            ? "{ _ in \(type)Screen(model: \(type)ViewModel()) }"
            : "{ _ in\n            \(type)Screen(model: \(type)ViewModel(found: (try? service()) != nil))\n        }"
        let state =
            need.map { need in
                """

                    /// Whether \(need.name)'s \(need.service) service was found when the screen was built.
                    let found: Bool

                    init(found: Bool) { self.found = found }

                """
            } ?? ""
        let greeting = "\"Hello from the \(name) plugin."
        let render =
            need.map {
                "{\n        \(greeting)\\n\($0.name)'s \($0.service): \\(model.found ? \"found\" : \"missing\")\"\n    }"
            } ?? "{ \(greeting)\" }"
        return """
            \(imports)

            public enum \(type)Plugin: Plugin {
                public static let manifest = \(manifest)
            }

            public final class \(type)Module: Module {
                public init() {}

                public func register(with registrar: ModuleRegistrar) throws {
                    \(lookup)registrar.startupTask("\(task)") {}
                    registrar.route("\(route)", title: "\(name)") \(screen)
                }
            }

            final class \(type)ViewModel: ViewModel {
                let navigation = Signal<NavigationRequest>()
            \(state)
                func openCircles() { navigation.send(.push("app://circles")) }
            }

            final class \(type)Screen: Screen {
                let model: \(type)ViewModel
                var viewModel: (any ViewModel)? { model }
                let title = "\(name)"

                init(model: \(type)ViewModel) { self.model = model }

                func render() -> String \(render)

                var actions: [ScreenAction] {
                    [ScreenAction("circles", title: "Open the circles") { [model] _ in model.openCircles() }]
                }
            }

            """
    }

    private static func tests(name: String, need: NeededPlugin?) -> String {
        let (route, task, type) = (route(of: name), task(of: name), typeName(name))
        // In the order `swift format` wants them, which depends on the name.
        let imports = ([name, "Plugboard", "Testing"] + [need?.module].compactMap { $0 }).sorted()
            .map { "import \($0)" }.joined(separator: "\n")
        let greeting = "Hello from the \(name) plugin." + (need.map { "\\n\($0.name)'s \($0.service): missing" } ?? "")
        let serviceTest =
            need.map { need in
                """


                    @Test func itFindsTheServiceOf\(need.name)() async throws {
                        // \(need.name)'s module registers its \(need.service) here, as the host's \(need.name) plugin does.
                        let host = try await TestHost(modules: [\(need.moduleType).self, \(type)Module.self])
                        try await host.open("\(route)")
                        #expect(host.screenText == "Hello from the \(name) plugin.\\n\(need.name)'s \(need.service): found")
                    }
                """
            } ?? ""
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
                    #expect(host.screenText == "\(greeting)")
                }\(serviceTest)

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

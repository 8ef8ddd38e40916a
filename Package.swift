// swift-tools-version: 6.1
import PackageDescription

let package = Package(
    name: "plugboard",
    products: [
        // One shared copy of the runtime per process: hosts and plugins link this dynamically.
        .library(name: "Plugboard", type: .dynamic, targets: ["Plugboard"])
    ],
    targets: [
        .target(name: "CPlugboard"),
        // URL patterns and the route trie; knows nothing of modules or plugins.
        .target(name: "PlugboardRouting"),
        // Signals, properties and commands for view models; knows nothing of modules or plugins.
        .target(name: "PlugboardReactive"),
        .target(name: "Plugboard", dependencies: ["CPlugboard", "PlugboardRouting", "PlugboardReactive"]),
        // Helpers shared by the test targets.
        .target(name: "TestSupport", path: "Tests/TestSupport"),
        .testTarget(name: "PlugboardRoutingTests", dependencies: ["PlugboardRouting", "TestSupport"]),
        .testTarget(name: "PlugboardReactiveTests", dependencies: ["PlugboardReactive"]),
        .testTarget(name: "PlugboardTests", dependencies: ["Plugboard", "TestSupport"]),
    ]
)

for target in package.targets where target.type != .system {
    guard target.name != "CPlugboard" else { continue }
    target.swiftSettings =
        (target.swiftSettings ?? []) + [
            .swiftLanguageMode(.v6),
            .enableUpcomingFeature("ExistentialAny"),
            .enableUpcomingFeature("MemberImportVisibility"),
            .enableUpcomingFeature("InternalImportsByDefault"),
        ]
}

// The DocC plugin is added only for building the documentation (`scripts/build-docs`, or
// `PLUGBOARD_DOCS=1 swift package generate-documentation ...`), so that neither the runtime nor
// the packages that use it depend on any package.
if Context.environment["PLUGBOARD_DOCS"] != nil {
    package.dependencies.append(.package(url: "https://github.com/swiftlang/swift-docc-plugin", from: "1.5.0"))
}

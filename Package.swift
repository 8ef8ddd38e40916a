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
        .target(
            name: "Plugboard", dependencies: ["CPlugboard", "PlugboardRouting", "PlugboardReactive"],
            plugins: ["RuntimeBuildIdentity"]),
        // Writes the digest of the runtime's interface into the runtime, for the plugins' fingerprint.
        .plugin(
            name: "RuntimeBuildIdentity", capability: .buildTool(), dependencies: ["RuntimeInterface"],
            path: "Sources/RuntimeBuildIdentity"),
        // What of the runtime's sources code compiled against it depends on, for that digest.
        .executableTarget(name: "RuntimeInterface"),
        // `swift package generate-documentation`: the toolchain's DocC over the three modules.
        .plugin(
            name: "GenerateDocumentation", capability: .command(intent: .documentationGeneration()),
            path: "Sources/GenerateDocumentation"),
        // Helpers shared by the test targets.
        .target(name: "TestSupport", path: "Tests/TestSupport"),
        .testTarget(name: "PlugboardRoutingTests", dependencies: ["PlugboardRouting", "TestSupport"]),
        .testTarget(name: "PlugboardReactiveTests", dependencies: ["PlugboardReactive"]),
        .testTarget(name: "PlugboardTests", dependencies: ["Plugboard", "TestSupport"]),
    ]
)

for target in package.targets where target.type != .system && target.type != .plugin {
    guard target.name != "CPlugboard" else { continue }
    target.swiftSettings =
        (target.swiftSettings ?? []) + [
            .swiftLanguageMode(.v6),
            .enableUpcomingFeature("ExistentialAny"),
            .enableUpcomingFeature("MemberImportVisibility"),
            .enableUpcomingFeature("InternalImportsByDefault"),
        ]
}

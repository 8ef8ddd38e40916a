// swift-tools-version: 6.1
import PackageDescription

// Everything here uses the runtime the way its users do: through the `Plugboard` product of the
// package one level up, which links `libPlugboard.so` dynamically so that the host and every
// plugin share one copy of the runtime.
let plugboard = Target.Dependency.product(name: "Plugboard", package: "plugboard")

let package = Package(
    name: "plugboard-plugins",
    products: [
        .executable(name: "plugboard", targets: ["plugboard"]),
        .library(name: "GreeterPlugin", type: .dynamic, targets: ["GreeterPlugin"]),
        .library(name: "ShellPlugin", type: .dynamic, targets: ["ShellPlugin"]),
        .library(name: "CirclesPlugin", type: .dynamic, targets: ["CirclesPlugin"]),
        .library(name: "BlogPlugin", type: .dynamic, targets: ["BlogPlugin"]),
        .library(name: "AccountPlugin", type: .dynamic, targets: ["AccountPlugin"]),
        .library(name: "ProbePlugin", type: .dynamic, targets: ["ProbePlugin"]),
    ],
    dependencies: [.package(name: "plugboard", path: "..")],
    targets: [
        .executableTarget(name: "plugboard", dependencies: [plugboard]),
        .target(name: "GreeterPlugin", dependencies: [plugboard]),
        // The articles' example app, one plugin per feature; they meet only through route URLs.
        .target(name: "ShellPlugin", dependencies: [plugboard]),
        .target(name: "CirclesPlugin", dependencies: [plugboard]),
        .target(name: "BlogPlugin", dependencies: [plugboard]),
        .target(name: "AccountPlugin", dependencies: [plugboard]),
        // A plugin for the end-to-end tests: it reports what it sees of the runtime.
        .target(name: "ProbePlugin", dependencies: [plugboard]),
        .testTarget(name: "PluginsTests", dependencies: [plugboard]),
    ]
)

for target in package.targets {
    target.swiftSettings =
        (target.swiftSettings ?? []) + [
            .swiftLanguageMode(.v6),
            .enableUpcomingFeature("ExistentialAny"),
            .enableUpcomingFeature("MemberImportVisibility"),
            .enableUpcomingFeature("InternalImportsByDefault"),
        ]
}

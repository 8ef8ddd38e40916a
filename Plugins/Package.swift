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
        .library(name: "ProbePlugin", type: .dynamic, targets: ["ProbePlugin"]),
    ],
    dependencies: [.package(name: "plugboard", path: ".."), .package(path: "Account")],
    targets: [
        .executableTarget(name: "plugboard", dependencies: [plugboard]),
        .target(name: "GreeterPlugin", dependencies: [plugboard]),
        // The articles' example app, one plugin per feature; they meet through route URLs, and the blog
        // also through the account's service.
        .target(name: "ShellPlugin", dependencies: [plugboard]),
        .target(name: "CirclesPlugin", dependencies: [plugboard]),
        // The blog imports the account plugin's module, which lives in a package of its own (see
        // Account/Package.swift), to ask who is logged in.
        .target(name: "BlogPlugin", dependencies: [plugboard, .product(name: "AccountPlugin", package: "Account")]),
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

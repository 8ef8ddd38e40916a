// swift-tools-version: 6.1
import PackageDescription

// Deliberately broken plugins for the tests of `plugboard verify` and `inspect`: one traps, one
// hangs while registering; and one with modules that discovery cannot use. A package of their own, built by the tests alone into its own build
// directory, so that they never sit beside the bundled plugins, in a folder a person points the
// host at.
let plugboard = Target.Dependency.product(name: "Plugboard", package: "plugboard")

let package = Package(
    name: "broken-plugins",
    products: [
        .library(name: "CrashingPlugin", type: .dynamic, targets: ["CrashingPlugin"]),
        .library(name: "HangingPlugin", type: .dynamic, targets: ["HangingPlugin"]),
        .library(name: "OddModulesPlugin", type: .dynamic, targets: ["OddModulesPlugin"]),
    ],
    dependencies: [.package(name: "plugboard", path: "../../..")],
    targets: [
        .target(name: "CrashingPlugin", dependencies: [plugboard]),
        .target(name: "HangingPlugin", dependencies: [plugboard]),
        .target(name: "OddModulesPlugin", dependencies: [plugboard]),
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

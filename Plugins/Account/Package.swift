// swift-tools-version: 6.1
import PackageDescription

// The account plugin, in a package of its own because other plugins import its module: the blog
// asks its `ReaderSessions` service who is logged in. A dependent links `libAccountPlugin.so`
// dynamically only when the library comes from another package (a target of the same package is
// linked in statically, a second copy whose types are not the account's). The library carries a
// soname, so that a dependent's `DT_NEEDED` entry binds to the image the loader checked and mapped.
let package = Package(
    name: "plugboard-account",
    products: [.library(name: "AccountPlugin", type: .dynamic, targets: ["AccountPlugin"])],
    dependencies: [.package(name: "plugboard", path: "../..")],
    targets: [
        .target(
            name: "AccountPlugin",
            dependencies: [.product(name: "Plugboard", package: "plugboard")],
            swiftSettings: [
                .swiftLanguageMode(.v6),
                .enableUpcomingFeature("ExistentialAny"),
                .enableUpcomingFeature("MemberImportVisibility"),
                .enableUpcomingFeature("InternalImportsByDefault"),
            ],
            linkerSettings: [.unsafeFlags(["-Xlinker", "-soname=libAccountPlugin.so"])]
        )
    ]
)

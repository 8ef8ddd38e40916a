// swift-tools-version: 6.1
import PackageDescription

// libFuzzer targets of what the host takes from strangers. Build and run (see Fuzz/README.md):
//   swift build --package-path Fuzz --sanitize=address -Xswiftc -sanitize-coverage=edge,trace-cmp
//   Fuzz/.build/debug/wire-fuzzer -max_total_time=60
let package = Package(
    name: "plugboard-fuzz",
    dependencies: [.package(name: "plugboard", path: "..")],
    targets: [
        .executableTarget(
            name: "wire-fuzzer",
            dependencies: [.product(name: "Plugboard", package: "plugboard")],
            swiftSettings: [.swiftLanguageMode(.v6), .unsafeFlags(["-parse-as-library", "-sanitize=fuzzer"])],
            linkerSettings: [.unsafeFlags(["-sanitize=fuzzer"])]
        )
    ]
)

// swift-tools-version: 6.1
import PackageDescription

// Side-by-side benchmarks of Plugboard against the floors and anchors named in its issues.
// Run with: swift package --package-path Benchmarks benchmark  (see Benchmarks/README.md)
let package = Package(
    name: "plugboard-benchmarks",
    platforms: [.macOS(.v13)],
    dependencies: [
        .package(name: "plugboard", path: ".."),
        .package(url: "https://github.com/ordo-one/benchmark", exact: "1.38.1", traits: ["MallocInterposer"]),
        .package(url: "https://github.com/vapor/routing-kit", exact: "4.9.3"),
        .package(url: "https://github.com/OpenCombine/OpenCombine", exact: "0.14.0"),
    ],
    targets: [
        .target(
            name: "BenchmarkSupport",
            dependencies: [
                .product(name: "Plugboard", package: "plugboard"),
                .product(name: "RoutingKit", package: "routing-kit"),
            ],
            swiftSettings: [.swiftLanguageMode(.v6)]
        ),
        // Ratios measured with the clock in one process, for what package-benchmark's runner cannot
        // show here: its async benchmarks do not run tasks in parallel on this machine.
        .executableTarget(
            name: "startup-ratios",
            dependencies: ["BenchmarkSupport", .product(name: "Plugboard", package: "plugboard")],
            swiftSettings: [.swiftLanguageMode(.v6)]
        ),
        .target(name: "CMallocStats"),
        .executableTarget(
            name: "routing-ratios",
            dependencies: [
                "BenchmarkSupport",
                "CMallocStats",
                .product(name: "Plugboard", package: "plugboard"),
                .product(name: "RoutingKit", package: "routing-kit"),
            ],
            swiftSettings: [.swiftLanguageMode(.v6)]
        ),
        .executableTarget(
            name: "resolve-ratios",
            dependencies: [.product(name: "Plugboard", package: "plugboard")],
            swiftSettings: [.swiftLanguageMode(.v6)]
        ),
        .executableTarget(
            name: "first-screen-ratios",
            dependencies: [.product(name: "Plugboard", package: "plugboard")],
            swiftSettings: [.swiftLanguageMode(.v6)]
        ),
        .executableTarget(
            name: "flood-ratios",
            swiftSettings: [.swiftLanguageMode(.v6)]
        ),
        .executableTarget(
            name: "load-ratios",
            dependencies: [.product(name: "Plugboard", package: "plugboard")],
            swiftSettings: [.swiftLanguageMode(.v6)]
        ),
        .executableTarget(
            name: "reactive-ratios",
            dependencies: [
                .product(name: "Plugboard", package: "plugboard"),
                .product(name: "OpenCombine", package: "OpenCombine"),
            ],
            swiftSettings: [.swiftLanguageMode(.v6)]
        ),
        .executableTarget(
            name: "ReactiveBenchmarks",
            dependencies: [
                .product(name: "Plugboard", package: "plugboard"),
                .product(name: "OpenCombine", package: "OpenCombine"),
                .product(name: "Benchmark", package: "benchmark"),
            ],
            path: "Benchmarks/ReactiveBenchmarks",
            swiftSettings: [.swiftLanguageMode(.v6)],
            plugins: [.plugin(name: "BenchmarkPlugin", package: "benchmark")]
        ),
        .executableTarget(
            name: "RoutingBenchmarks",
            dependencies: [
                "BenchmarkSupport",
                .product(name: "Plugboard", package: "plugboard"),
                .product(name: "RoutingKit", package: "routing-kit"),
                .product(name: "Benchmark", package: "benchmark"),
            ],
            path: "Benchmarks/RoutingBenchmarks",
            swiftSettings: [.swiftLanguageMode(.v6)],
            plugins: [.plugin(name: "BenchmarkPlugin", package: "benchmark")]
        ),
        .executableTarget(
            name: "StartupBenchmarks",
            dependencies: [
                "BenchmarkSupport",
                .product(name: "Plugboard", package: "plugboard"),
                .product(name: "Benchmark", package: "benchmark"),
            ],
            path: "Benchmarks/StartupBenchmarks",
            swiftSettings: [.swiftLanguageMode(.v6)],
            plugins: [.plugin(name: "BenchmarkPlugin", package: "benchmark")]
        ),
    ]
)

// swift-tools-version: 6.1
// Benchmarks of ScrollKit and LabKit (time and heap allocations per operation), kept in their own package
// so that building the product never resolves or compiles the benchmark harness.
// Run with: cd Benchmarks && swift package benchmark
import PackageDescription
import struct Foundation.URL

// A path dependency is identified by its folder's name, which differs between checkouts.
let rootPackage = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().lastPathComponent

let package = Package(
    name: "ScrollKitBenchmarks",
    platforms: [.macOS(.v15)],
    dependencies: [
        .package(path: ".."),
        .package(url: "https://github.com/ordo-one/benchmark", from: "1.38.1", traits: ["MallocInterposer"]),
    ],
    targets: [
        .executableTarget(
            name: "ScrollKitBenchmarks",
            dependencies: [
                .product(name: "Benchmark", package: "benchmark"),
                .product(name: "LabKit", package: rootPackage),
                .product(name: "ScrollKit", package: rootPackage),
            ],
            path: "Benchmarks/ScrollKitBenchmarks",
            plugins: [.plugin(name: "BenchmarkPlugin", package: "benchmark")]
        ),
    ]
)

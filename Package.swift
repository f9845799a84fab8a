// swift-tools-version:6.0
import PackageDescription

let package = Package(
    name: "ScrollLab",
    products: [
        .executable(name: "scrolllab", targets: ["ScrollLab"]),
        .library(name: "ScrollKit", targets: ["ScrollKit"]),
        .library(name: "LabKit", targets: ["LabKit"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.5.0"),
        // HdrHistogram: frame-time percentiles of a session of any length in fixed memory.
        .package(url: "https://github.com/HdrHistogram/hdrhistogram-swift", from: "0.2.0"),
    ],
    targets: [
        // SDL2, SDL2_image and SDL2_ttf from the system (Debian: libsdl2-dev, libsdl2-image-dev, libsdl2-ttf-dev).
        .systemLibrary(name: "CSDL", path: "CSDL"),
        // The physics: a pure scroll model. No SDL, no Foundation, no clock reads, no lab types; time is
        // always passed in. `make check-layering` keeps it that way.
        .target(name: "ScrollKit", path: "Sources/ScrollKit"),
        // The lab on top of the physics: scenes, grid and pool, image loading and policies, gesture files,
        // replay, timeline, bench and soak experiments. Pure as well: no SDL, no clock reads.
        .target(name: "LabKit", dependencies: ["ScrollKit"], path: "Sources/LabKit"),
        // The app's logic that needs no SDL: the scene registry, the key-binding table, the trace log's
        // lines and the frame statistics. Tested without a window.
        .target(
            name: "ScrollLabCore",
            dependencies: ["LabKit", "ScrollKit", .product(name: "ArgumentParser", package: "swift-argument-parser"),
                           .product(name: "Histogram", package: "hdrhistogram-swift")],
            path: "Sources/ScrollLabCore"
        ),
        // The SDL shell and the command line.
        .executableTarget(
            name: "ScrollLab",
            dependencies: [
                "ScrollLabCore", "LabKit", "ScrollKit", "CSDL",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ],
            path: "Sources/ScrollLab"
        ),
        // Synthetic pointer gestures shared by the physics and the lab tests.
        .target(name: "ScrollKitTestSupport", dependencies: ["ScrollKit"], path: "Tests/ScrollKitTestSupport"),
        .testTarget(name: "ScrollKitTests", dependencies: ["ScrollKit", "ScrollKitTestSupport"],
                    path: "Tests/ScrollKitTests"),
        .testTarget(name: "LabKitTests", dependencies: ["LabKit", "ScrollKit", "ScrollKitTestSupport"],
                    path: "Tests/LabKitTests"),
        .testTarget(name: "ScrollLabTests", dependencies: ["ScrollLab"], path: "Tests/ScrollLabTests"),
        .testTarget(name: "ScrollLabCoreTests", dependencies: ["ScrollLabCore", "LabKit", "ScrollKit"],
                    path: "Tests/ScrollLabCoreTests"),
    ]
)

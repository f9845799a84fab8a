// swift-tools-version:6.0
import PackageDescription

let package = Package(
    name: "ScrollLab",
    products: [
        .executable(name: "scrolllab", targets: ["ScrollLab"]),
        .library(name: "ScrollKit", targets: ["ScrollKit"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.5.0"),
    ],
    targets: [
        // SDL2, SDL2_image and SDL2_ttf from the system (Debian: libsdl2-dev, libsdl2-image-dev, libsdl2-ttf-dev).
        .systemLibrary(name: "CSDL", path: "CSDL"),
        // The pure scroll model: no SDL, no clock reads. Time is always passed in.
        .target(name: "ScrollKit", path: "Sources/ScrollKit"),
        // The SDL shell and the command line.
        .executableTarget(
            name: "ScrollLab",
            dependencies: [
                "ScrollKit", "CSDL",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ],
            path: "Sources/ScrollLab"
        ),
        .testTarget(name: "ScrollKitTests", dependencies: ["ScrollKit"], path: "Tests/ScrollKitTests"),
    ]
)

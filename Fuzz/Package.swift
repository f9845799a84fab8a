// swift-tools-version: 6.0
// libFuzzer target for the gesture-file parser and the scroll model's pointer input, in its own package
// so the product's build is untouched. Build and run with Tests/Fuzz/run.sh.
import PackageDescription
import struct Foundation.URL

// A path dependency is identified by its folder's name, which differs between checkouts.
let rootPackage = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().lastPathComponent

let package = Package(
    name: "ScrollKitFuzz",
    dependencies: [.package(path: "..")],
    targets: [
        // Declares libFuzzer's driver entry point.
        .target(name: "CFuzzerDriver", path: "Sources/CFuzzerDriver"),
        // Only links with `-sanitize=fuzzer` (which supplies libFuzzer).
        .executableTarget(
            name: "GestureFuzzer",
            dependencies: [
                "CFuzzerDriver",
                .product(name: "LabKit", package: rootPackage),
                .product(name: "ScrollKit", package: rootPackage),
            ],
            path: "Sources/GestureFuzzer"
        ),
    ]
)

// swift-tools-version:6.0
import PackageDescription

// `make build NO_X11=1` (SCROLLLAB_NO_X11 set), and any system but Linux: the window stamps pointer events
// when they are pumped instead of with the X server's time, and the binary links no libX11.
#if os(Linux)
let withX11 = Context.environment["SCROLLLAB_NO_X11"] == nil
#else
let withX11 = false
#endif

// The test targets' own code is compiled unoptimized and file by file in batches, in every configuration.
// Under `make test` (release with testability) the code under test stays optimized, while a test module,
// whose cost is mostly type-checking its thousands of `#expect` expansions, would otherwise be one
// whole-module optimization on one core: LabKitTests takes 68 s on two cores instead of 125 s of one
// (docs/tests.md).
let testSettings: [SwiftSetting] = [.unsafeFlags(["-Onone", "-no-whole-module-optimization", "-enable-batch-mode"])]

// A release build's executables carry the Swift runtime and Foundation inside them on Linux (`-static-stdlib`,
// at link time only, so the build is the same one): a process starts without the loader resolving the
// runtime's and Foundation's symbols (`bench` about 20% less CPU, docs/performance.md), and the binary runs
// on a host with no Swift toolchain (`Tests/Hosts/sweep_hosts_test.sh` hides it from one). Static Foundation
// names its own archives; the libcurl its URLSession calls is not linked but opened on the first call
// (`CCurlOnDemand`), so a command that fetches nothing starts without it and the thirty libraries it needs.
// The executable exports no symbols (the static runtime's link arguments export them all): at start the
// runtime looks up its own path with `dladdr`, a walk over every exported symbol (1 ms of `--help`).
// Debug builds (and so the sanitizers' and the fuzzer's) link the shared runtime, and libcurl with it.
let staticRuntime: [LinkerSetting] = [
    .unsafeFlags(["-static-stdlib", "-Xlinker", "--start-group", "-lFoundationNetworking", "-l_CFURLSessionInterface",
                  "-lFoundation", "-lFoundationInternationalization", "-lFoundationEssentials", "-lCoreFoundation",
                  "-l_FoundationICU", "-l_FoundationCShims", "-l_FoundationCollections", "-Xlinker", "--end-group",
                  "-Xlinker", "--no-export-dynamic"],
                 .when(platforms: [.linux], configuration: .release)),
]

// The program's modules name the concrete generic types they use by their metadata accessors rather than
// by mangled names the runtime resolves on first use: resolving one scans every conformance record in the
// binary (about 9 000) for each constrained generic argument, at every start (docs/performance.md). Not
// the libraries ScrollKit and LabKit: a package that depends on them could not build unsafe flags.
let directMetadata: [SwiftSetting] = [
    .unsafeFlags(["-Xfrontend", "-disable-concrete-type-metadata-mangled-name-accessors"], .when(configuration: .release)),
]

let package = Package(
    name: "ScrollLab",
    products: [
        .executable(name: "scrolllab", targets: ["ScrollLab"]),
        .executable(name: "scrolllab-headless", targets: ["ScrollLabHeadless"]),
        .executable(name: "scrollkit-example", targets: ["ScrollKitExample"]),
        .library(name: "ScrollKit", targets: ["ScrollKit"]),
        .library(name: "LabKit", targets: ["LabKit"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.5.0"),
        // HdrHistogram: frame-time percentiles of a session of any length in fixed memory.
        .package(url: "https://github.com/HdrHistogram/hdrhistogram-swift", from: "0.2.0"),
        // swift-collections' Heap: `sweep merge`'s k-way merge of sorted runs (SwiftNIO builds the package already).
        .package(url: "https://github.com/apple/swift-collections", from: "1.1.0"),
        // DocC's SwiftPM plugin: `make docs` builds ScrollKit's documentation as a static site.
        .package(url: "https://github.com/swiftlang/swift-docc-plugin", from: "1.5.0"),
        // SwiftNIO: `scrolllab serve`'s event loops and sockets (NIOCore, NIOPosix); swift-nio-http2 for
        // `serve --http 2` (h2c by prior knowledge, or over `--tls`: below).
        // A clean build takes about 15 s (debug) and 100 s (release) longer with them (docs/network.md).
        .package(url: "https://github.com/apple/swift-nio", from: "2.101.2"),
        .package(url: "https://github.com/apple/swift-nio-http2", from: "1.46.0"),
        // `serve --tls`: TLS (swift-nio-ssl, which builds BoringSSL; its certificate: CServeCertificate);
        // async-http-client: the HTTP/2 client of `--source https://… --http 2`, which URLSession on Linux
        // cannot be (docs/network.md). Build cost: docs/network.md.
        .package(url: "https://github.com/apple/swift-nio-ssl", from: "2.37.6"),
        .package(url: "https://github.com/swift-server/async-http-client", from: "1.37.0"),
    ],
    targets: [
        // SDL2, SDL2_image and SDL2_ttf from the system (Debian: libsdl2-dev, libsdl2-image-dev, libsdl2-ttf-dev).
        .systemLibrary(name: "CSDL", path: "CSDL"),
        // libjpeg-turbo (Debian: libjpeg62-turbo-dev) behind calls that return error codes: libjpeg reports
        // errors by longjmp, which Swift cannot catch. Encodes `feed generate --write-images`' files, decodes
        // the window's JPEGs scaled at decode (`--downsample on`), and `bench --calibrate` times both.
        .target(name: "CJPEG", path: "Sources/CJPEG", linkerSettings: [.linkedLibrary("jpeg")]),
        // `serve --tls`'s self-signed certificate, made at start with the system's OpenSSL (Debian: libssl-dev):
        // a key and a signature, without a certificate library and a second BoringSSL (swift-crypto's).
        .target(name: "CServeCertificate", path: "Sources/CServeCertificate", linkerSettings: [.linkedLibrary("crypto")]),
        // libcurl opened on the first call a release executable's static URLSession makes (see `staticRuntime`).
        .target(name: "CCurlOnDemand", path: "Sources/CCurlOnDemand",
                cSettings: [.define("CCURL_ON_DEMAND", .when(platforms: [.linux], configuration: .release))]),
        // Where a thread may run (Linux's CPU affinity): the decode threads leave a core to the render thread.
        .target(name: "CThreadPlacement", path: "Sources/CThreadPlacement"),
        // The X server's time of input events: the only code that touches Xlib.
        .target(name: "CX11Time", path: "Sources/CX11Time", linkerSettings: [.linkedLibrary("X11")]),
        // The physics: a pure scroll model. No SDL, no Foundation, no clock reads, no lab types; time is
        // always passed in. `make check-layering` keeps it that way.
        .target(name: "ScrollKit", path: "Sources/ScrollKit"),
        // The lab on top of the physics: scenes, grid and pool, image loading and policies, gesture files,
        // replay, timeline, bench and soak experiments. Pure as well: no SDL, no clock reads.
        .target(name: "LabKit", dependencies: ["ScrollKit"], path: "Sources/LabKit"),
        // The app's logic that needs no SDL: the scene registry, the key-binding table, the options; the
        // window's parts that draw nothing (its clocks and viewport, the HUD's state and status, the trace
        // and frame measures, what a frame shows, the timeline track, the video encoder's ffmpeg process);
        // files: assets, the disk cache, input, output, errors, signals. Tested without a window.
        .target(
            name: "ScrollLabCore",
            dependencies: ["LabKit", "ScrollKit", "CJPEG", "CThreadPlacement", .product(name: "Histogram", package: "hdrhistogram-swift")],
            path: "Sources/ScrollLabCore",
            swiftSettings: directMetadata
        ),
        // The image client over real HTTP (`--source URL-TEMPLATE`): URLSession, no SDL, so the command
        // line can fetch with it too.
        .target(
            name: "ScrollLabHTTP",
            dependencies: [
                "ScrollLabCore", "LabKit",
                .product(name: "AsyncHTTPClient", package: "async-http-client"), .product(name: "NIOSSL", package: "swift-nio-ssl"),
                .product(name: "NIOCore", package: "swift-nio"), .product(name: "NIOHTTP1", package: "swift-nio"),
            ],
            path: "Sources/ScrollLabHTTP",
            swiftSettings: directMetadata
        ),
        // The window: what draws or reads input with SDL — the SDL app (App), its HUD's drawing, drawing
        // (Render), image decoding and textures (Images) and the scenes' window sides (Scenes). The only
        // lab code that links SDL.
        .target(
            name: "ScrollLabApp",
            dependencies: [
                "ScrollLabCore", "ScrollLabHTTP", "LabKit", "ScrollKit", "CSDL",
            ] + (withX11 ? ["CX11Time"] : []),
            path: "Sources/ScrollLabApp",
            swiftSettings: directMetadata + (withX11 ? [.define("SCROLLLAB_X11")] : [])
        ),
        // `scrolllab serve`: the image server the window's `--source` fetches from, on SwiftNIO: HTTP/1.1
        // (its own head reader, for the limits of docs/reliability.md) and HTTP/2 (swift-nio-http2, h2c).
        .target(
            name: "ScrollLabServer",
            dependencies: [
                "ScrollLabCore", "LabKit",
                .product(name: "NIOCore", package: "swift-nio"), .product(name: "NIOPosix", package: "swift-nio"),
                .product(name: "NIOHTTP2", package: "swift-nio-http2"), .product(name: "NIOHPACK", package: "swift-nio-http2"),
                .product(name: "NIOSSL", package: "swift-nio-ssl"), .product(name: "NIOTLS", package: "swift-nio"),
                "CServeCertificate",
            ],
            path: "Sources/ScrollLabServer",
            swiftSettings: directMetadata
        ),
        // The command line: each subcommand parses its options and runs; what draws goes through the
        // `WindowBuild` the executable gives it, so this links no SDL.
        .target(
            name: "ScrollLabCLI",
            dependencies: [
                "ScrollLabServer", "ScrollLabHTTP", "ScrollLabCore", "LabKit", "ScrollKit",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
                .product(name: "HeapModule", package: "swift-collections"),
            ],
            path: "Sources/ScrollLabCLI",
            swiftSettings: directMetadata
        ),
        // `scrolllab`: the window by default, and every command.
        .executableTarget(
            name: "ScrollLab",
            dependencies: ["ScrollLabCLI", "ScrollLabApp", "ScrollLabCore", "LabKit", "ScrollKit", "CCurlOnDemand"],
            path: "Sources/ScrollLab",
            swiftSettings: directMetadata,
            linkerSettings: staticRuntime
        ),
        // `scrolllab-headless`: the commands that draw nothing, linking no SDL (`make build HEADLESS=1`).
        .executableTarget(name: "ScrollLabHeadless", dependencies: ["ScrollLabCLI", "CCurlOnDemand"], path: "Sources/ScrollLabHeadless",
                         swiftSettings: directMetadata, linkerSettings: staticRuntime),
        // The example outside the lab: a list scrolled with ScrollKit from a plain SDL loop (`make example`).
        .executableTarget(name: "ScrollKitExample", dependencies: ["ScrollKit", "CSDL"], path: "Examples/ScrollKitList"),
        // Synthetic pointer gestures shared by the physics and the lab tests.
        .target(name: "ScrollKitTestSupport", dependencies: ["ScrollKit"], path: "Tests/ScrollKitTestSupport"),
        .testTarget(name: "ScrollKitTests", dependencies: ["ScrollKit", "ScrollKitTestSupport"],
                    path: "Tests/ScrollKitTests", swiftSettings: testSettings),
        .testTarget(name: "LabKitTests", dependencies: ["LabKit", "ScrollKit", "ScrollKitTestSupport"],
                    path: "Tests/LabKitTests", swiftSettings: testSettings),
        .testTarget(name: "ScrollLabAppTests", dependencies: ["ScrollLabApp", "ScrollLabHTTP", "ScrollLabCore", "LabKit", "ScrollKit", "CSDL"],
                    path: "Tests/ScrollLabAppTests", swiftSettings: testSettings),
        .testTarget(name: "ScrollLabHTTPTests", dependencies: ["ScrollLabHTTP", "ScrollLabServer", "ScrollLabCore", "LabKit"],
                    path: "Tests/ScrollLabHTTPTests", swiftSettings: testSettings),
        .testTarget(name: "ScrollLabCLITests", dependencies: [
                        "ScrollLabCLI", "ScrollLabCore", "LabKit", "ScrollKit",
                        .product(name: "ArgumentParser", package: "swift-argument-parser"),
                    ],
                    path: "Tests/ScrollLabCLITests", swiftSettings: testSettings),
        .testTarget(name: "ScrollLabServerTests", dependencies: [
                        "ScrollLabServer", "ScrollLabCore", "LabKit", .product(name: "NIOSSL", package: "swift-nio-ssl"),
                    ],
                    path: "Tests/ScrollLabServerTests", swiftSettings: testSettings),
        .testTarget(name: "ScrollLabCoreTests", dependencies: ["ScrollLabCore", "LabKit", "ScrollKit", "ScrollKitTestSupport"],
                    path: "Tests/ScrollLabCoreTests", swiftSettings: testSettings),
    ]
)

import ArgumentParser
import Foundation
import LabKit
import ScrollKit
import ScrollLabCore

/// The options that choose and configure a scene, shared by the window and `replay`.
package struct SceneOptions: ParsableArguments {
    @Option(help: ArgumentHelp("Scene: " + SceneKind.all.map(\.name).joined(separator: " or ") + "."))
    var scene: SceneKind = .grid

    @Option(help: "Paging mode of the pager scene: none, frame, snap or target.")
    var paging: PagingMode = .frame

    @Option(help: "Deceleration rate: normal (0.998) or fast (0.99).")
    var rate: RateOption = .normal

    @Option(help: "Image-loading policy of the grid: eager, deferred, target, prefetch, adaptive, or a peer from a shipping system: texture, flutter, glide; all (replay --headless): every policy in turn.")
    package var policy: PolicyChoice = .one(.adaptive)

    @Option(name: .customLong("seed-problem"), help: "Show seed 000's problem 1, 2 or 3 in its broken form (Deferred and Target).")
    var seedProblem: Int?

    @Option(name: .customLong("latency-ms"), parsing: .unconditional, help: "Simulated image source latency in milliseconds.")
    package var latencyMs: Double = 80

    @Option(help: ArgumentHelp("Network the grid's images come over: " + NetworkProfile.names
                               + " (Network Link Conditioner's and DevTools' presets; round trip, shared bandwidth, loss). "
                               + "Default: none, --latency-ms's constant latency with no bandwidth limit."))
    package var network: NetworkProfile?

    @Option(name: .customLong("disk-cache"), help: ArgumentHelp("Disk cache between memory and network, under --network or --source: a folder, or off (default \(DiskCacheChoice.defaultDirectory) in the window; headless runs model it in memory, starting empty).", valueName: "DIR|off"))
    var diskCache: DiskCacheChoice?

    @Option(name: .customLong("request-order"), help: "Order of requests waiting for a connection under --network: fifo or lifo (SDWebImage's execution order).")
    var requestOrder: RequestOrder = .fifo

    @Option(parsing: .unconditional, help: "Display refresh rate in Hz: the model clock's frame rate in replay and the window's pacing (default: 60 in replay, the display's rate in the window).")
    var refresh: Double?

    @Option(name: .customLong("touch-hz"), parsing: .unconditional, help: "Resample gestures (replays) to this touch rate in Hz before they reach the model.")
    package var touchHz: Double?

    @Option(parsing: .unconditional, help: "Number of grid items.")
    var items: Int = 500

    @Option(help: ArgumentHelp("Scroll physics of the fling: " + ScrollPhysicsKind.allCases.map(\.rawValue).joined(separator: ", ")
                               + " (default ios: UIKit's; the others ported from Android and Flutter)."))
    var physics: ScrollPhysicsKind = .ios

    @Option(help: "Velocity estimator: ios (UIKit-like, default) or lsq (least squares).")
    var estimator: EstimatorOption = .ios

    @Option(help: "Folder of images for the grid (default: the bundled Assets/Images).")
    package var assets: String?

    @Option(name: .customLong("delays-content-touches"), help: "Hold a touch-down on a tile back 150 ms (UIKit's delaysContentTouches): on or off.")
    var delaysContentTouches: Switch = .on

    @Option(name: .customLong("can-cancel-content-touches"), help: "Let a drag take a touch away from a tracking tile (UIKit's canCancelContentTouches): on or off.")
    var canCancelContentTouches: Switch = .on

    @Option(name: .customLong("compare"), help: ArgumentHelp(
        "Two to four phones side by side, one per policy or physics (adaptive,deferred or ios,android): one gesture drives them all.",
        valueName: "A,B[,C,D]"), transform: { try CompareEntry.list($0) })
    package var compare: [CompareEntry] = []

    package init() {}

    package func validate() throws {
        try OptionRules.latencyMs(latencyMs)
        try OptionRules.refresh(refresh)
        try OptionRules.touchHz(touchHz)
        try OptionRules.items(items)
        if let seedProblem, SeedProblem(rawValue: seedProblem) == nil {
            throw ValidationError("--seed-problem must be 1, 2 or 3")
        }
        if seedProblem != nil, policy == .all || !SeedProblem.policies.contains(policy.kind) {
            let which = policy == .all ? "all" : policy.kind.rawValue
            throw ValidationError("--seed-problem applies to the seed's policies, deferred and target; \(which) has none")
        }
        if policy == .all, !compare.isEmpty {
            throw ValidationError("--compare names each phone's policy: it cannot go with --policy all")
        }
        if policy == .all, scene != .grid {
            throw ValidationError("--policy all compares the grid's loading policies: it needs --scene grid")
        }
    }

    /// The headless replay clock at `--refresh` (60 Hz by default).
    package var replayClock: HeadlessReplay {
        var replay = HeadlessReplay()
        replay.frameRate = refresh ?? 60
        return replay
    }

    /// The grid scene's configuration these options describe, for `assetCount` images.
    func gridConfiguration(assetCount: Int) -> GridSceneConfiguration {
        var config = GridSceneConfiguration()
        config.itemCount = items
        config.policy = policy.kind
        config.physics = physics
        config.seedProblem = seedProblem.flatMap(SeedProblem.init(rawValue:))
        config.latency = latencyMs / 1000
        config.assetCount = Swift.max(1, assetCount)
        config.network = network
        config.requestOrder = requestOrder
        if diskCache == .off { config.diskCacheByteLimit = nil }
        if network != nil { config.assetByteSizes = transferSizes() }
        return config
    }

    /// The stored size of each image of `--assets` (or the bundled ones): the bytes a network moves.
    func transferSizes() -> [Int] {
        imagePaths().map { file in
            file.withCString { path -> Int in
                var info = stat()
                return stat(path, &info) == 0 ? Int(info.st_size) : GridSceneConfiguration.defaultTransferBytes
            }
        }
    }

    /// The image files of `--assets` (or of the bundled Assets/Images when it can be found; none
    /// otherwise). A `--assets` folder that is missing or unreadable ends the program with one line
    /// and exit code 2.
    package func imagePaths() -> [AssetFile] {
        guard let directory = assets ?? AssetLocator.directory("Images")?.path else {
            writeStandardError("scrolllab: warning: no Assets/Images found; tiles show placeholders (use --assets DIR)")
            return []
        }
        do {
            return try AssetCatalog.imageFiles(in: directory)
        } catch {
            fail("scrolllab: \(error.description)", code: 2)
        }
    }

    /// The photos scene's photos: the `--assets` folder, else the bundled `Assets/Photos` (300×440 pt at
    /// 3 px a point, sharp at the 3× zoom), else the grid's images.
    func photoPaths() -> [AssetFile] {
        guard assets == nil, let directory = AssetLocator.directory("Photos"),
              let files = try? AssetCatalog.imageFiles(in: directory.path), !files.isEmpty else { return imagePaths() }
        return files
    }

    /// The photos scene's page sizes for `files`, in points: each image's pixel size from its header over
    /// the scale its name gives as iOS assets do (`photo@3x.jpg`: 3 px a point; none: 1), the bundled size
    /// for a file whose header cannot be read. Only read for the photos scene.
    static func photoSizes(of files: [AssetFile]) -> [Size] {
        files.map { file in
            let scale = Double(pixelsPerPoint(of: file))
            return ImageDecoder.pixelSize(of: file).map { Size(width: Double($0.width) / scale, height: Double($0.height) / scale) }
                ?? PhotosScene.defaultPhotoSize
        }
    }

    /// The `@Nx` scale at the end of a file's name (before its extension), 1 when it has none.
    static func pixelsPerPoint(of file: AssetFile) -> Int {
        let name = String(decoding: file.path, as: UTF8.self).split(separator: "/").last ?? ""
        let stem = name.split(separator: ".").first ?? ""
        guard let at = stem.lastIndex(of: "@"), stem.hasSuffix("x"),
              let scale = Int(stem[stem.index(after: at)..<stem.index(before: stem.endIndex)]), (1...4).contains(scale) else { return 1 }
        return scale
    }

    /// A new scene of `kind` (default: `--scene`) as configured. The grid takes its images from
    /// `imageSource` (headless: a virtual source with the configured latency) and shows `assetCount`
    /// distinct images; the photos scene shows `photos` (default: `photoPaths()`) at their own sizes.
    package func makeScene(_ kind: SceneKind? = nil, imageSource: (any ImageSource)? = nil,
                   assetCount: Int = GridSceneConfiguration().assetCount, photos: [AssetFile]? = nil) -> any LabScene {
        let kind = kind ?? scene
        let sizes = kind == .photos ? Self.photoSizes(of: photos ?? photoPaths()) : []
        let settings = SceneSettings(paging: paging, grid: gridConfiguration(assetCount: assetCount), imageSource: imageSource,
                                     photoSizes: sizes)
        let lab = kind.make(settings)
        lab.scrollView.decelerationRate = rate.rate
        lab.scrollView.configuration.physics = physics
        lab.scrollView.velocityEstimator = estimator.kind
        lab.scrollView.delaysContentTouches = delaysContentTouches.isOn
        lab.scrollView.canCancelContentTouches = canCancelContentTouches.isOn
        return lab
    }
}

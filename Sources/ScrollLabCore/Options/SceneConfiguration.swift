import Foundation
import LabKit
import ScrollKit

/// How a scene is chosen and configured: what `--scene`, `--policy` and the other scene options say, as
/// plain values (the command line fills it once; the window, `replay` and the benches read it). The
/// defaults are the command line's.
package struct SceneConfiguration: Sendable {
    /// The scene (`--scene`).
    package var scene: SceneKind = .grid
    /// The pager's paging mode.
    package var paging: PagingMode = .frame
    /// The deceleration rate.
    package var rate: RateOption = .normal
    /// The grid's loading policy, or all of them (`replay --headless` only).
    package var policy: PolicyChoice = .one(PolicyVariant(.adaptive))
    /// Seed 000's problem 1, 2 or 3 in its broken form.
    package var seedProblem: Int?
    /// The image source's simulated latency, milliseconds.
    package var latencyMs: Double = 80
    /// The modelled network the grid's images come over (nil: the constant latency).
    package var network: NetworkProfile?
    /// The disk cache: a folder, off, or nil for the default.
    package var diskCache: DiskCacheChoice?
    /// The order of requests waiting for a connection.
    package var requestOrder: RequestOrder = .fifo
    /// Requests in flight at once, the same for every policy (URLSession's connections per host; under
    /// HTTP/2, streams on one connection).
    package var connections: Int = GridSceneConfiguration().connections
    /// The modelled network's HTTP version.
    package var http: HTTPVersion = .http1_1
    /// Connections over TLS 1.3 (`--tls`, or an https:// `--source`).
    package var tls = false
    /// The feed to scroll instead of the bundled grid (`--feed`), its layout and columns.
    package var feed: LoadedFeed?
    package var layout: FeedLayoutKind?
    package var columns: Int?
    /// The refresh rate in Hz (nil: 60 in replay, the display's in the window).
    package var refresh: Double?
    /// Resample gestures to this touch rate first.
    package var touchHz: Double?
    /// The number of grid items.
    package var items: Int = 500
    /// The fling physics.
    package var physics: ScrollPhysicsKind = .ios
    /// The velocity estimator.
    package var estimator: EstimatorOption = .ios
    /// The folder of images (nil: the bundled ones).
    package var assets: String?
    /// The images' stored sizes under a modelled network or on a device (`resolvingImageSizes()`); nil
    /// before that, or without either.
    package var imageSizes: ImageTransferSizes?
    /// UIKit's delaysContentTouches.
    package var delaysContentTouches: OnOff = .on
    /// UIKit's canCancelContentTouches.
    package var canCancelContentTouches: OnOff = .on
    /// Compare mode: one phone per entry (empty: one phone).
    package var compare: [CompareEntry] = []
    /// The phone the grid models (B-COST-1: `--device`, `--downsample`, `--decode-on-main`, `--cache-bytes`).
    package var phone = PhoneCost()
    /// What a tile shows while its image is on its way (`--placeholder`).
    package var placeholder: PlaceholderKind = .none
    /// Low Data Mode (`--constrained`).
    package var constrained = false

    /// The command line's defaults.
    package init() {}

    /// The condition the grid runs under: these options' policy (the first for `all`), image source,
    /// pipeline, refresh rate (60 Hz unless given), physics and feed layout.
    package var condition: RunCondition {
        var condition = RunCondition(variant: policy.variant, source: network.map(RunCondition.Source.network) ?? .latency(latencyMs),
                                     refresh: refresh ?? 60, connections: connections, http: http)
        condition.layout = layout
        condition.columns = columns
        condition.physics = physics
        condition.requestOrder = requestOrder
        condition.seedProblem = seedProblem.flatMap(SeedProblem.init(rawValue:))
        condition.items = items
        condition.diskCache = diskCache != .off
        condition.phone = phone
        condition.placeholder = placeholder
        condition.constrained = constrained
        condition.tls = tls
        return condition
    }

    /// The headless replay clock at `--refresh` (60 Hz by default).
    package var replayClock: HeadlessReplay { condition.replayClock }

    /// The grid scene's configuration these options describe, for `assetCount` images.
    package func gridConfiguration(assetCount: Int) -> GridSceneConfiguration {
        let count = Swift.max(1, assetCount)
        var c = condition.gridConfiguration(assetByteSizes: needsImageSizes ? transferSizes(assetCount: count) : [],
                                            feed: feed?.feed, assetCount: count)
        // A folder of other images has no built-in previews (a feed brings its own).
        if assets != nil, feed == nil { c.previews = .none }
        return c
    }

    /// The bundled grid's images need their files' sizes: a modelled network moves them, a device's
    /// decode reads them (B-COST-1). A feed brings its own.
    package var needsImageSizes: Bool { (network != nil || phone.device != nil) && feed == nil }

    /// These options with `imageSizes` resolved from `--assets` (or the bundled images) when
    /// `needsImageSizes`. Throws when there are no image files to size.
    package func resolvingImageSizes() throws(ImageTransferSizes.Problem) -> SceneConfiguration {
        guard needsImageSizes else { return self }
        var resolved = self
        resolved.imageSizes = try ImageTransferSizes.resolve(assets: assets)
        return resolved
    }

    /// The bytes each of the grid's `assetCount` images' files hold: a feed's own sizes, by its image index
    /// (the window too, whichever file it draws for an image), else `imageSizes`; none without a network
    /// or a device. The bundled grid under either needs `resolvingImageSizes()` first: there is no
    /// stand-in size.
    package func transferSizes(assetCount: Int) -> [Int] {
        if let feed { return feed.feed.imageByteSizes }
        if let imageSizes { return imageSizes.bytes(assetCount: assetCount) }
        precondition(!needsImageSizes, "a modelled network or a device needs the images' sizes: call resolvingImageSizes() first")
        return []
    }

    /// The image files of `--assets` (or of the bundled Assets/Images when it can be found; none
    /// otherwise, said on standard error naming `lookedFor` unless `served`: the grid's images come from
    /// `--source`); throws when a `--assets` folder is missing or unreadable.
    package func imagePaths(lookedFor: String = "Assets/Images", served: Bool = false) throws(AssetCatalog.Problem) -> [AssetFile] {
        guard let directory = assets ?? AssetLocator.directory("Images")?.path else {
            if !served { writeStandardError("scrolllab: warning: no \(lookedFor) found; images show placeholders (use --assets DIR)") }
            return []
        }
        return try AssetCatalog.imageFiles(in: directory)
    }

    /// The photos scene's photos: the `--assets` folder, else the bundled `Assets/Photos` (300×440 pt at
    /// 3 px a point, sharp at the 3× zoom), else the grid's images.
    package func photoPaths() throws(AssetCatalog.Problem) -> [AssetFile] {
        guard assets == nil, let directory = AssetLocator.directory("Photos"),
              let files = try? AssetCatalog.imageFiles(in: directory.path), !files.isEmpty else {
            return try imagePaths(lookedFor: "Assets/Photos or Assets/Images")
        }
        return files
    }

    /// The photos scene's page sizes for `files`, in points: each image's pixel size from its header over
    /// the scale its name gives as iOS assets do (`photo@3x.jpg`: 3 px a point; none: 1), the bundled size
    /// for a file whose header cannot be read. Only read for the photos scene.
    package static func photoSizes(of files: [AssetFile]) -> [Size] {
        files.map { file in
            let scale = Double(pixelsPerPoint(of: file))
            return ImageFile.pixelSize(of: file).map { Size(width: Double($0.width) / scale, height: Double($0.height) / scale) }
                ?? PhotosScene.defaultPhotoSize
        }
    }

    /// The `@Nx` scale at the end of a file's name (before its extension), 1 when it has none.
    package static func pixelsPerPoint(of file: AssetFile) -> Int {
        let name = String(decoding: file.path, as: UTF8.self).split(separator: "/").last ?? ""
        let stem = name.split(separator: ".").first ?? ""
        guard let at = stem.lastIndex(of: "@"), stem.hasSuffix("x"),
              let scale = Int(stem[stem.index(after: at)..<stem.index(before: stem.endIndex)]), (1...4).contains(scale) else { return 1 }
        return scale
    }

    /// A new scene of `kind` (default: `--scene`) as configured. The grid takes its images from
    /// `imageSource` (headless: a virtual source with the configured latency) and shows `assetCount`
    /// distinct images; the photos scene shows `photos` (default: `photoPaths()`) at their own sizes.
    /// `diskEntries`: the assets the disk cache holds at the start (`--disk-cache DIR` headless);
    /// `diskCorrupt`: those whose entry was found torn or corrupt.
    package func makeScene(_ kind: SceneKind? = nil, imageSource: (any ImageSource)? = nil,
                           assetCount: Int = GridSceneConfiguration().assetCount, photos: [AssetFile]? = nil,
                           diskEntries: [Int] = [], diskCorrupt: [Int] = []) -> any LabScene {
        let kind = kind ?? scene
        let sizes = kind == .photos ? Self.photoSizes(of: photos ?? ((try? photoPaths()) ?? [])) : []
        var grid = gridConfiguration(assetCount: assetCount)
        grid.diskCacheEntries = diskEntries
        grid.diskCacheCorrupt = diskCorrupt
        let settings = SceneSettings(paging: paging, grid: grid, imageSource: imageSource,
                                     photoSizes: sizes)
        let lab = kind.make(settings)
        configure(lab.scrollView)
        for view in lab.nestedScrollViews { view.adoptMotionSettings(of: lab.scrollView) }
        return lab
    }

    /// The grid scene these options describe (its own type, for a caller that reads the grid's policy).
    package func makeGridScene(assetCount: Int = GridSceneConfiguration().assetCount) -> GridScene {
        let lab = GridScene(configuration: gridConfiguration(assetCount: assetCount))
        configure(lab.scrollView)
        return lab
    }

    /// The scroll view's settings from these options: rate, physics, velocity estimator, content touches.
    private func configure(_ scrollView: ScrollView) {
        scrollView.decelerationRate = rate.rate
        scrollView.configuration.physics = physics
        scrollView.velocityEstimator = estimator.kind
        scrollView.delaysContentTouches = delaysContentTouches.isOn
        scrollView.canCancelContentTouches = canCancelContentTouches.isOn
    }
}

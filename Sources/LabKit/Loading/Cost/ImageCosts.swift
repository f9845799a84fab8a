/// What each image costs the phone (B-COST-1): its pixels as stored, its decoded bytes (downsampled to
/// its tile or whole), the decode's time on the device, and the main thread's work when its load
/// finishes: the decode's completion, the texture upload, and the decode itself when it runs there
/// (`--decode-on-main`).
public struct ImageCosts: Hashable, Sendable {
    /// The device (the lab's own without `--device`).
    public var device: DeviceProfile
    /// Decodes run on the main thread.
    public var decodeOnMain: Bool
    /// Images are downsampled at decode to their tile's pixels.
    public var downsample: Bool
    /// Pixels of each image as stored, by asset.
    public var sourcePixels: [Int]
    /// Bytes of each image's stored file, by asset (what its decode reads; 0 past the end).
    public var sourceBytes: [Int]
    /// Decoded bytes of each image, by asset (4 a pixel, of the tile's pixels when downsampled).
    public var decodedBytes: [Int]

    /// The costs of `configuration`'s images: a feed's own sizes, else every asset `bytesPerImage`.
    public init(_ configuration: GridSceneConfiguration) {
        let c = configuration
        device = c.device ?? .lab
        decodeOnMain = c.decodeOnMain
        downsample = c.downsample
        if let feed = c.feed {
            sourcePixels = feed.images.map { Swift.max(0, $0.pixelWidth) * Swift.max(0, $0.pixelHeight) }
            sourceBytes = feed.images.map { Swift.max(0, $0.bytes) }
            decodedBytes = FeedDecodedSizes.decodedBytes(feed: feed, layout: c.feedGeometry, downsample: c.downsample)
        } else {
            let count = Swift.max(1, c.assetCount)
            sourcePixels = Array(repeating: c.bytesPerImage / 4, count: count)
            sourceBytes = c.fileBytes(count: count)
            decodedBytes = Array(repeating: c.bytesPerImage, count: count)
        }
    }

    /// Makes a table from its parts (tests).
    public init(device: DeviceProfile, decodeOnMain: Bool, downsample: Bool, sourcePixels: [Int], decodedBytes: [Int],
                sourceBytes: [Int] = []) {
        self.device = device
        self.decodeOnMain = decodeOnMain
        self.downsample = downsample
        self.sourcePixels = sourcePixels
        self.sourceBytes = sourceBytes
        self.decodedBytes = decodedBytes
    }

    /// The decoded bytes of `key` (0 for an asset past the table).
    public func decodedBytes(of key: ImageKey) -> Int {
        key.asset >= 0 && key.asset < decodedBytes.count ? decodedBytes[key.asset] : 0
    }

    /// The decode of `key` on the device, milliseconds: its stored megapixels and its file's megabytes at
    /// the downsampled rates when it decodes to fewer pixels than it has, else at the full rates, and the
    /// mode's cost per decode.
    public func decodeMs(of key: ImageKey) -> Double {
        guard key.asset >= 0, key.asset < sourcePixels.count else { return 0 }
        let megapixels = Double(sourcePixels[key.asset]) / 1e6
        let megabytes = key.asset < sourceBytes.count ? Double(sourceBytes[key.asset]) / 1e6 : 0
        let scaled = downsample && decodedBytes[key.asset] < sourcePixels[key.asset] * 4
        return scaled ? megapixels * device.downsampleMsPerMegapixel + megabytes * device.downsampleMsPerMegabyte + device.downsampleMsPerImage
            : megapixels * device.decodeMsPerMegapixel + megabytes * device.decodeMsPerMegabyte + device.decodeMsPerImage
    }

    /// The main thread's work when a load of `key` finishes with `bytes` decoded bytes, milliseconds: the
    /// completion, the upload of its pixels, and its decode when decodes run there.
    public func mainThreadMs(completing key: ImageKey, bytes: Int) -> Double {
        device.completionMs + Double(Swift.max(0, bytes)) / 4 / 1e6 * device.uploadMsPerMegapixel + mainThreadDecodeMs(of: key)
    }

    /// The main thread's share of `key`'s decode, milliseconds: all of it when decodes run there, else none.
    public func mainThreadDecodeMs(of key: ImageKey) -> Double { decodeOnMain ? decodeMs(of: key) : 0 }

    /// True when an image of `bytes` decoded bytes alone would pass the device's memory limit: it is
    /// never allocated.
    public func refuses(bytes: Int) -> Bool {
        device.memoryLimitBytes.map { bytes > $0 } ?? false
    }
}

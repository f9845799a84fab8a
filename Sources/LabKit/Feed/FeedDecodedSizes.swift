/// A headless image source whose decoded images have each feed image's own size (B-FEED-1): the
/// pixels the app keeps after downsampling to the item's size on screen at 2 px a point (ImageIO's
/// thumbnail decode, Apple's advice in WWDC18 "Images and Graphics Best Practices"), or the image's
/// own pixels when it is smaller, at 4 bytes a pixel (`--downsample off`: always the image's own
/// pixels). An image whose decoded size alone passes the device's memory limit is never allocated: its
/// load fails with `overMemoryLimit` (B-COST-1). Everything else is the wrapped source's.
public struct FeedDecodedSizes: ImageSource {
    /// The source doing the work.
    public var base: any ImageSource
    /// Decoded bytes by image (asset) index.
    public let decodedBytes: [Int]
    /// Decoded bytes of an image past `decodedBytes` (the bundled grid's: every image 300×440 px), or nil:
    /// left as the wrapped source sized it.
    public var otherImagesBytes: Int?
    /// The device's memory limit, bytes (nil: none).
    public var memoryLimitBytes: Int?

    /// The failure of an image too big to decode on the device.
    public static let overMemoryLimit = "decoded size over the memory limit"

    /// Points to pixels of the lab's phone (the grid's 150×220 pt tiles are 300×440 px images).
    public static let pixelsPerPoint = 2.0

    /// Wraps `base` with the decoded sizes of `feed`'s images laid out by `layout`.
    public init(_ base: any ImageSource, feed: Feed, layout: FeedLayout, downsample: Bool = true, memoryLimitBytes: Int? = nil) {
        self.base = base
        decodedBytes = Self.decodedBytes(feed: feed, layout: layout, downsample: downsample)
        self.memoryLimitBytes = memoryLimitBytes
    }

    /// Wraps `base` whose every image decodes to `bytes` (the bundled grid's photos, each its tile's pixels):
    /// past `memoryLimitBytes`, each load fails as a feed's image would.
    public init(_ base: any ImageSource, everyImageBytes bytes: Int, memoryLimitBytes: Int?) {
        self.base = base
        decodedBytes = []
        otherImagesBytes = bytes
        self.memoryLimitBytes = memoryLimitBytes
    }

    /// Each image's decoded bytes: its first item's frame at `pixelsPerPoint`, capped by its own pixels;
    /// without `downsample`, its own pixels.
    public static func decodedBytes(feed: Feed, layout: FeedLayout, downsample: Bool = true) -> [Int] {
        guard downsample else { return feed.images.map { Swift.max(0, $0.pixelWidth * $0.pixelHeight * 4) } }
        var out = Array(repeating: -1, count: feed.images.count)
        for (i, item) in feed.items.enumerated() where out[item.image] < 0 {
            let image = feed.images[item.image]
            let frame = layout.frame(ofItem: i)
            let shown = (frame.width * pixelsPerPoint).rounded() * (frame.height * pixelsPerPoint).rounded()
            out[item.image] = Int(Swift.min(Double(image.pixelWidth * image.pixelHeight), shown)) * 4
        }
        return out.map { Swift.max(0, $0) }
    }

    public mutating func begin(_ ticket: LoadTicket, time: Double) { base.begin(ticket, time: time) }
    public mutating func begin(_ ticket: LoadTicket, priority: Double, time: Double) { base.begin(ticket, priority: priority, time: time) }
    public mutating func cancel(_ ticket: LoadTicket) { base.cancel(ticket) }
    public var traffic: SourceTraffic { base.traffic }
    public func isStoredLocally(_ key: ImageKey) -> Bool { base.isStoredLocally(key) }
    public var disk: MemoryCache<ImageKey>? { base.disk }
    public var httpRoundTrip: Double? { base.httpRoundTrip }
    public func decodingKeys(at time: Double) -> [ImageKey] { base.decodingKeys(at: time) }
    public func decodingKeys(at time: Double, into keys: inout [ImageKey]) { base.decodingKeys(at: time, into: &keys) }

    public var earliestCompletion: Double? { base.earliestCompletion }

    public mutating func nextCompletion(upTo time: Double) -> LoadCompletion? {
        base.nextCompletion(upTo: time).map {
            Self.sized($0, decodedBytes: decodedBytes, otherImagesBytes: otherImagesBytes, memoryLimitBytes: memoryLimitBytes)
        }
    }

    /// `completion` with its image's size in `decodedBytes`, or failed with `overMemoryLimit` when that
    /// size alone passes `memoryLimitBytes`; a failure, or an image without a size, as it is.
    public static func sized(_ completion: LoadCompletion, decodedBytes: [Int], otherImagesBytes: Int? = nil,
                             memoryLimitBytes: Int?) -> LoadCompletion {
        var completion = completion
        let asset = completion.ticket.key.asset
        if case .image = completion.result, asset >= 0,
           let bytes = asset < decodedBytes.count ? decodedBytes[asset] : otherImagesBytes {
            completion.result = memoryLimitBytes.map { bytes > $0 } ?? false ? .failed(reason: overMemoryLimit) : .image(bytes: bytes)
        }
        return completion
    }
}

extension GridSceneConfiguration {
    /// Shows `feed` laid out as `layout` (nil: the feed's own, else list) in `columns` columns (nil: the
    /// feed's, else 2): its items, its images (their file sizes are what the network moves) and its
    /// item-to-image table.
    public mutating func use(_ feed: Feed, layout: FeedLayoutKind? = nil, columns: Int? = nil) {
        self.feed = feed
        feedLayout = layout ?? feed.layout ?? .list
        feedColumns = columns ?? feed.columns ?? FeedLayout.defaultColumns
        itemCount = feed.items.count
        assetCount = Swift.max(1, feed.images.count)
        assetByteSizes = feed.imageByteSizes
        previews = ImagePreviews(feed: feed)
        // Policies count the cache in images: of this feed's mean decoded size.
        let decoded = FeedDecodedSizes.decodedBytes(feed: feed, layout: feedGeometry, downsample: downsample)
        bytesPerImage = Swift.max(1, decoded.reduce(0, +) / Swift.max(1, decoded.count))
    }

    /// The geometry of the scene's content: the feed's layout, or the bundled grid of `itemCount` items.
    public var feedGeometry: FeedLayout {
        guard let feed else { return FeedLayout(grid: GridLayout(itemCount: itemCount)) }
        return FeedLayout(feed: feed, kind: feedLayout, columns: feedColumns)
    }

    /// Which image each item shows.
    public var itemImages: ItemImages {
        feed.map(ItemImages.init(feed:)) ?? ItemImages(assetCount: assetCount)
    }
}

extension GridScene {
    /// The headless source for `c`: with a feed, its images decode to their own sizes.
    static func feedSized(_ source: any ImageSource, _ c: GridSceneConfiguration, layout: FeedLayout) -> any ImageSource {
        guard let feed = c.feed else {
            // The bundled grid's images decode to `bytesPerImage` each: past the device's limit they are never
            // allocated either (the window's decode refuses them the same way).
            guard let limit = c.device?.memoryLimitBytes, c.bytesPerImage > limit else { return source }
            return FeedDecodedSizes(source, everyImageBytes: c.bytesPerImage, memoryLimitBytes: limit)
        }
        return FeedDecodedSizes(source, feed: feed, layout: layout, downsample: c.downsample, memoryLimitBytes: c.device?.memoryLimitBytes)
    }
}

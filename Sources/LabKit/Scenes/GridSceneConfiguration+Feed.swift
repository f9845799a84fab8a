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

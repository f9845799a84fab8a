/// Which image each item shows: image `item % assetCount` (the bundled grid), or a feed's own table
/// (items naming the same image share its key, so one download and one cache entry serve them all).
public struct ItemImages: Hashable, Sendable {
    /// Number of distinct images.
    public let assetCount: Int
    /// The image of each item, by item (nil: `item % assetCount`).
    public let table: [Int]?

    /// Item i shows image i % `assetCount`.
    public init(assetCount: Int) {
        self.assetCount = Swift.max(1, assetCount)
        table = nil
    }

    /// Each item shows the image its feed line names.
    public init(feed: Feed) {
        assetCount = Swift.max(1, feed.images.count)
        table = feed.items.map(\.image)
    }

    /// The key of the image `item` shows.
    public func key(of item: Int) -> ImageKey {
        if let table, item >= 0, item < table.count { return ImageKey(asset: table[item]) }
        return ImageKey(item: item, assetCount: assetCount)
    }
}

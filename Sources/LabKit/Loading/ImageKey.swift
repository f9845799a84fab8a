/// Which image an item shows: an index into the bundled assets (`item % assetCount`).
///
/// Items far apart share an image (item 3 and item 75 with 72 assets), so the memory cache is keyed
/// by this, not by item: one decode serves every item with the same asset.
public struct ImageKey: Hashable, Sendable, Comparable, CustomStringConvertible {
    /// The asset index, `0..<assetCount`.
    public var asset: Int

    /// The key of asset `asset`.
    public init(asset: Int) {
        self.asset = asset
    }

    /// The key of the image that item `item` shows when there are `assetCount` assets.
    public init(item: Int, assetCount: Int) {
        let count = Swift.max(1, assetCount)
        self.asset = ((item % count) + count) % count
    }

    /// Orders keys by asset index.
    public static func < (a: ImageKey, b: ImageKey) -> Bool { a.asset < b.asset }

    /// `#` and the asset index, for logs.
    public var description: String { "#\(asset)" }
}

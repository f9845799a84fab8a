/// A set of image keys kept as bits by asset index (`ItemSet`): no hashing.
struct ImageKeySet: Sendable {
    private var assets = ItemSet()

    /// An empty set.
    init() {}

    /// An empty set with room for the assets `0..<assetCount` (adding them never allocates).
    init(assetCount: Int) { assets = ItemSet(capacity: assetCount) }

    /// True when `key` is held.
    func contains(_ key: ImageKey) -> Bool { assets.contains(key.asset) }

    /// Adds `key`; returns whether it was new.
    @discardableResult
    mutating func insert(_ key: ImageKey) -> Bool { assets.insert(key.asset) }

    /// Removes `key`; returns whether it was held.
    @discardableResult
    mutating func remove(_ key: ImageKey) -> Bool { assets.remove(key.asset) }
}

/// What a policy decides at one trigger: items to load (most urgent first) and items whose
/// look-ahead loads it no longer wants.
///
/// Loading an item on screen shows its image (at once on a cache hit, after a fade from disk);
/// loading an item off screen only warms the cache. Cancelling drops look-ahead requests; a load
/// made for a tile on screen is dropped only when the tile is rebound (B-GRID-4).
public struct LoadDecision: Hashable, Sendable {
    /// Items to load, in the order the policy wants them.
    public var load: [LoadRequest]
    /// Items whose pending look-ahead loads are no longer wanted.
    public var cancel: [Int]
    /// Items whose images the policy drops from the memory cache (Texture's exit from the preload
    /// range); an image a tile on screen still shows stays on that tile.
    public var evict: [Int]

    /// Makes a decision.
    public init(load: [LoadRequest] = [], cancel: [Int] = [], evict: [Int] = []) {
        self.load = load
        self.cancel = cancel
        self.evict = evict
    }

    /// Nothing to do.
    public static let none = LoadDecision()

    /// Load `items` now (priority 0, in the given order).
    public static func load(_ items: [Int]) -> LoadDecision {
        LoadDecision(load: items.map { LoadRequest(item: $0, priority: 0) })
    }

    /// The items to load, in order.
    public var loadedItems: [Int] { load.map(\.item) }
}

/// Views recycled as UICollectionView does for items of any size: a view whose item leaves the bound
/// area goes to the reuse queue; an item entering it takes the most recently queued view
/// (`dequeueReusableCell`), or a new view when the queue is empty. So as many views exist as the
/// bound area ever held items at once, and no more.
public struct ReuseQueue: Hashable, Sendable {
    /// The item each view shows (nil: waiting in the queue), indexed by view.
    public private(set) var items: [Int?] = []
    /// Views ever created (they are never destroyed).
    public var viewsCreated: Int { items.count }
    /// Views given an item so far (a view let go of its item is in `update`'s rebinds, not counted here:
    /// the HUD's "rebinds", as `ReusePool`'s, count views moved to an item).
    public private(set) var rebindCount = 0
    /// Views taken from the queue rather than created.
    public private(set) var reuseCount = 0
    /// Free views, most recently freed last.
    private var queue: [Int] = []
    private var viewOfItem: [Int: Int] = [:]

    /// An empty pool: no view yet.
    public init() {}

    /// The view showing `item`, if any.
    public func view(showing item: Int) -> Int? { viewOfItem[item] }

    /// Binds exactly `wanted` (ascending, each once; `isWanted` answers for one item): views whose item
    /// is not wanted go to the queue (a rebind to nil), then each wanted item without a view takes the
    /// queue's last view or a new one (a rebind from nil). `rebinds` is emptied first.
    public mutating func update(wanted: some Sequence<Int>, isWanted: (Int) -> Bool, into rebinds: inout [ReusePool.Rebind]) {
        rebinds.empty()
        for v in items.indices {
            guard let item = items[v], !isWanted(item) else { continue }
            items[v] = nil
            viewOfItem[item] = nil
            queue.append(v)
            rebinds.append(ReusePool.Rebind(view: v, oldItem: item, newItem: nil))
        }
        for item in wanted where viewOfItem[item] == nil {
            let v: Int
            if let reused = queue.popLast() {
                v = reused
                reuseCount += 1
            } else {
                v = items.count
                items.append(nil)
            }
            items[v] = item
            viewOfItem[item] = v
            rebinds.append(ReusePool.Rebind(view: v, oldItem: nil, newItem: item))
            rebindCount += 1
        }
    }
}

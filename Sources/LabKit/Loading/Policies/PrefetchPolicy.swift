/// B-POL-1 policy 4, seed 003, held to what is public of UIKit's prefetching
/// (`UICollectionViewDataSourcePrefetching`, research/loading-peers.md §2a): tiles on screen always
/// load; the window below the first screen is asked for as the view opens ("When you open it for the
/// first time, the prefetch API asks the app to start prefetching for indices [32-55]", Nuke's
/// prefetching guide); while the content moves, the items of a window ahead in the scroll direction are asked for,
/// nearest first ("the order of the index paths represents the priority"), never the ones on screen
/// ("doesn't call this method for cells it requires immediately"); items that leave the window — in
/// practice on a reversal — are cancelled (`cancelPrefetchingForItemsAt`).
///
/// The window's size is not public. Nuke's docs observe 24 items prefetched past 32 on screen (0.75 of
/// the visible count); the lab shows 4–6 items, so 0.75 of it is about 4 items: `rowsAhead` = 2 rows.
/// UIKit's window is called "adaptive" (WWDC16-219) with no public rule, so the lab's is fixed; the
/// former cancel-when-too-fast rule had no public source and is gone.
public struct PrefetchPolicy: LoadingPolicy {
    public var kind: LoadingPolicyKind { .prefetch }
    /// Rows of the prefetch window beyond the visible edge.
    public var rowsAhead: Int
    /// Items prefetched and not yet cancelled (they may have finished).
    public var prefetched: Set<Int> { prefetchedItems.set }
    /// `prefetched` as bits: each frame asks it for every item ahead, without hashing.
    private var prefetchedItems = ItemSet()
    /// Direction of the last prefetch: +1 down the list, −1 up, 0 none yet.
    public private(set) var direction = 0
    /// Rows below the screen asked for before any motion, as UIKit's collection view does when it opens
    /// (its whole window, `rowsAhead`; 0: nothing ahead until the content moves, for a window taken over
    /// mid-session, as Adaptive's is).
    public var openingRows: Int
    private var storage = DecisionStorage()

    /// Makes the policy.
    public init(rowsAhead: Int = 2, openingRows: Int? = nil) {
        self.rowsAhead = Swift.max(1, rowsAhead)
        self.openingRows = Swift.max(0, openingRows ?? self.rowsAhead)
    }

    public mutating func decide(_ trigger: LoadTrigger, in context: LoadingContext) -> LoadDecision {
        switch trigger {
        case let .appear(items):
            for item in items { prefetchedItems.remove(item) }
            return storage.load(items)
        case .bind, .didEndDragging, .didEndDecelerating, .didEndScrollingAnimation:
            return .none
        default:
            return updatePrefetch(context)
        }
    }

    /// Moves the prefetch window with the scroll direction: cancels what left it, loads what entered.
    public mutating func updatePrefetch(_ context: LoadingContext) -> LoadDecision {
        let v = context.velocity.y
        // At rest before any prefetch: the opening's window, down the list (the only way from the top).
        let opening = v == 0 && direction == 0
        let dir = v > 0 ? 1 : (v < 0 ? -1 : (opening && openingRows > 0 ? 1 : 0))
        guard dir != 0 else { return .none }
        let ahead = context.lazyItemsAhead(rows: opening ? openingRows : rowsAhead, direction: dir)
        var decision = storage.begin()
        if dir != direction {
            for item in prefetchedItems where !ahead.contains(item) { decision.cancel.append(item) }
            decision.cancel.sort()
            for item in decision.cancel { prefetchedItems.remove(item) }
            direction = dir
        }
        let edgeRow = context.layout.row(ofItem: dir > 0 ? context.visibleItems.last ?? 0 : context.visibleItems.first ?? 0)
        for item in ahead where !prefetchedItems.contains(item) {
            prefetchedItems.insert(item)
            if context.isCached(item) { continue }
            let rows = abs(context.layout.row(ofItem: item) - edgeRow)
            decision.load.append(LoadRequest(item: item, priority: Double(rows)))
        }
        return storage.end(decision)
    }
}

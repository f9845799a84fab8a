/// B-POL-1 policy 4, seed 003 (UICollectionView prefetching): tiles on screen always load; while the
/// content moves, the `rowsAhead` rows beyond the visible edge in the scroll direction are
/// prefetched, nearest first. Prefetches no longer wanted are cancelled when the direction reverses
/// or when scrolling gets too fast (|v| above `speedLimit`, or one viewport height per 0.5 s).
public struct PrefetchPolicy: LoadingPolicy {
    public var kind: LoadingPolicyKind { .prefetch }
    /// Rows prefetched beyond the visible edge.
    public var rowsAhead: Int
    /// Speed (pt/s) above which prefetching stops and pending prefetches are cancelled; nil means
    /// one viewport height per 0.5 s.
    public var speedLimit: Double?
    /// Items prefetched and not yet cancelled (they may have finished).
    public private(set) var prefetched: Set<Int> = []
    /// Direction of the last prefetch: +1 down the list, −1 up, 0 none yet.
    public private(set) var direction = 0

    /// Makes the policy.
    public init(rowsAhead: Int = 2, speedLimit: Double? = nil) {
        self.rowsAhead = Swift.max(1, rowsAhead)
        self.speedLimit = speedLimit
    }

    public mutating func decide(_ trigger: LoadTrigger, in context: LoadingContext) -> LoadDecision {
        switch trigger {
        case let .appear(items):
            prefetched.subtract(items)
            return .load(items)
        case .bind, .didEndDragging, .didEndDecelerating, .didEndScrollingAnimation:
            return .none
        default:
            return updatePrefetch(context)
        }
    }

    /// Recomputes the prefetch window from the velocity: cancels what left it, loads what entered.
    public mutating func updatePrefetch(_ context: LoadingContext) -> LoadDecision {
        let v = context.velocity.y
        let limit = speedLimit ?? context.bounds.height / 0.5
        if abs(v) > limit {
            let cancel = prefetched.sorted()
            prefetched = []
            return LoadDecision(cancel: cancel)
        }
        let dir = v > 0 ? 1 : (v < 0 ? -1 : 0)
        guard dir != 0 else { return .none }
        let ahead = context.itemsAhead(rows: rowsAhead, direction: dir)
        let wanted = Set(ahead)
        var cancel: [Int] = []
        if dir != direction {
            cancel = prefetched.subtracting(wanted).sorted()
            prefetched.formIntersection(wanted)
            direction = dir
        }
        var load: [LoadRequest] = []
        let edgeRow = (dir > 0 ? context.visibleItems.last ?? 0 : context.visibleItems.first ?? 0) / context.layout.columns
        for item in ahead where !prefetched.contains(item) {
            prefetched.insert(item)
            if context.isCached(item) { continue }
            let rows = abs(item / context.layout.columns - edgeRow)
            load.append(LoadRequest(item: item, priority: Double(rows)))
        }
        return LoadDecision(load: load, cancel: cancel)
    }
}

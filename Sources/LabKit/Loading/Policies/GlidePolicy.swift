/// Peer policy `glide`: an Android grid, RecyclerView with GapWorker prefetch, images by Glide with
/// its `RecyclerViewPreloader` (research/loading-peers.md §3a–3b; androidx `GapWorker.java`,
/// bumptech/glide @bf4901d `ListPreloader.java`):
///
/// - Bind loads: a tile bound as it enters the layout starts `Glide…into(view)`; a memory hit shows
///   at once. Rebinding a view clears its request (`into` clears the target's previous one).
/// - GapWorker: every scroll frame it takes the frame's delta `dy` and nominates the next row past
///   the leading edge (`GridLayoutManager`: `spanCount` items); a row within one frame's travel
///   (`distance ≤ |dy|`, `neededNextFrame`) is bound regardless of the frame deadline, and binding
///   starts its loads. Rows that would only be bound if the idle gap before the next vsync allows it
///   are not modelled: the lab has no frame-time budget, so only the forced row is bound.
/// - A bound item keeps its request while its holder stays attached or in the view cache
///   (`DEFAULT_CACHE_SIZE` 2 + the prefetch count: about 2 rows in a 2-column grid); further off
///   screen the holder is rebound and the request cleared.
/// - ListPreloader: when the first visible index changes it preloads `maxPreload` items past the
///   last visible one in the direction of the change (`onScroll`, `preload(start, increasing)`,
///   skipping items already asked for). The first layout is such a change: RecyclerView calls
///   `onScrolled(0, 0)` after a layout that changed the visible range (`dispatchLayoutStep3`), and the
///   preloader's `lastFirstVisible` starts at −1, so the items below the first screen are preloaded
///   as it opens. A change of direction cancels every outstanding preload
///   (`cancelAll`); preloads go through a ring of `maxPreload + 1` targets, so reusing a target
///   clears the request it held. No velocity gating.
/// - Up to 4 loads at once (`GlideExecutor`: min(4, cores)): the `glide@shipped` variant's pipeline
///   (`glide` runs on the shared one).
///
/// `maxPreload` is the app's choice; Glide's docs say "large enough to include all of the images in
/// two or three rows" — 6 here (three rows of two).
public struct GlidePolicy: LoadingPolicy {
    public var kind: LoadingPolicyKind { .glide }
    public var maxConcurrentLoads: Int? { 4 }

    /// Items the ListPreloader asks for ahead of the visible ones.
    public var maxPreload: Int
    /// Rows off screen a bound item keeps its request (RecyclerView's view cache).
    public var cachedRows: Int
    /// Items bound by layout or GapWorker whose request is alive.
    public var bound: Set<Int> { boundItems.set }
    private var boundItems = ItemSet()
    private var storage = DecisionStorage()
    /// The preloader's ring of targets: the item each holds (nil: free).
    public private(set) var ring: [Int?]
    private var ringNext = 0
    /// The first visible index the preloader last saw (−1, Glide's start: the first layout is a change).
    private var lastFirstVisible = -1
    private var increasing: Bool?
    private var lastStart = 0, lastEnd = 0
    private var lastOffset: Double?

    /// Makes the policy with `maxPreload` items preloaded ahead (default 6: three rows).
    public init(maxPreload: Int = 6, cachedRows: Int = 2) {
        self.maxPreload = Swift.max(1, maxPreload)
        self.cachedRows = Swift.max(0, cachedRows)
        ring = Array(repeating: nil, count: self.maxPreload + 1)
    }

    public mutating func decide(_ trigger: LoadTrigger, in context: LoadingContext) -> LoadDecision {
        switch trigger {
        case let .appear(items):
            for item in items { boundItems.insert(item) }
            return storage.load(items)
        case .frame:
            return step(context)
        default:
            return .none
        }
    }

    /// One frame: GapWorker's forced row, the holders cleared, the preloader's window.
    public mutating func step(_ context: LoadingContext) -> LoadDecision {
        let y = context.contentOffset.y
        let dy = y - (lastOffset ?? y)
        lastOffset = y
        var decision = storage.begin()
        guard let first = context.visibleItems.first, let last = context.visibleItems.last else { return storage.end(decision) }
        let layout = context.layout

        // GapWorker: the next row past the leading edge, bound when within one frame's travel.
        if dy != 0 {
            let row = context.lazyItemsAhead(rows: 1, direction: dy > 0 ? 1 : -1)
            var rowStart = row
            if let edge = rowStart.next() {
                let frame = context.frame(of: edge)
                let distance = dy > 0 ? frame.minY - context.bounds.maxY : context.bounds.minY - frame.maxY
                if Swift.max(0, distance) <= abs(dy) {
                    for item in row where boundItems.insert(item) { decision.load.append(LoadRequest(item: item, priority: 0)) }
                }
            }
        }
        // Holders beyond the view cache are rebound: their requests are cleared (in ascending order).
        // One pass in ascending order: each row worked out once, the cancel list filled as the items go.
        let firstRow = layout.row(ofItem: first), lastRow = layout.row(ofItem: last)
        let ring = ring
        boundItems.removeAll { item in
            let row = layout.row(ofItem: item)
            guard row < firstRow - cachedRows || row > lastRow + cachedRows else { return false }
            if !ring.contains(item) { decision.cancel.append(item) }
            return true
        }

        // ListPreloader: on a change of the first visible index.
        if first != lastFirstVisible {
            let up = first > lastFirstVisible
            if increasing != up {
                increasing = up
                cancelAll(into: &decision.cancel)
            }
            preload(from: up ? last : first, increasing: up, itemCount: context.layout.itemCount, decision: &decision)
        }
        lastFirstVisible = first
        return storage.end(decision)
    }

    /// `preload(from, to)`: the items of `[start, start ± maxPreload)` past the last range asked for
    /// (`lastEnd` / `lastStart`, as Glide keeps them), each into the next ring target (the request that
    /// target held is cleared).
    private mutating func preload(from start: Int, increasing: Bool, itemCount: Int, decision: inout LoadDecision) {
        var lo: Int, hi: Int
        if increasing {
            lo = Swift.max(lastEnd, start); hi = start + maxPreload
        } else {
            lo = start - maxPreload; hi = Swift.min(lastStart, start)
        }
        hi = Swift.min(itemCount, hi)
        lo = Swift.min(itemCount, Swift.max(0, lo))
        lastStart = lo
        lastEnd = hi
        guard lo < hi else { return }
        for order in 0..<(hi - lo) {
            let item = increasing ? lo + order : hi - 1 - order
            if let old = ring[ringNext], !boundItems.contains(old) { decision.cancel.append(old) }
            ring[ringNext] = item
            ringNext = (ringNext + 1) % ring.count
            decision.load.append(LoadRequest(item: item, priority: 1 + Double(order)))
        }
    }

    /// `cancelAll`: clears every ring target; the unbound items it held go to `cancel` in ascending order.
    private mutating func cancelAll(into cancel: inout [Int]) {
        let start = cancel.count
        for case let item? in ring where !boundItems.contains(item) {
            // Insertion into the sorted tail (sorting the slice in place would copy the array).
            var i = cancel.count
            cancel.append(item)
            while i > start, cancel[i - 1] > item {
                cancel[i] = cancel[i - 1]
                i -= 1
            }
            cancel[i] = item
        }
        for i in ring.indices { ring[i] = nil }
        ringNext = 0
    }
}

import ScrollKit

/// Peer policy `compose` (B-PEER-2): a Jetpack Compose `LazyColumn`/`LazyVerticalGrid` with the dynamic
/// `LazyLayoutCacheWindow` (androidx compose/foundation/foundation/src/commonMain/kotlin/androidx/
/// compose/foundation/lazy/layout/LazyLayoutCacheWindow.kt, an API since Compose 1.9; newer androidx makes
/// it lazy lists' default behind a flag; research/wave5-anchors.md),
/// its images loaded by Coil as each item is composed:
///
/// - Ahead, in the direction of the last scroll delta: the items within the average visible item
///   size (`visibleItemsAverageSize`: the mean main-axis size plus the item spacing) beyond the
///   viewport's edge, that size clamped to 10–50% of the viewport. Behind: nothing.
/// - Only a scroll schedules the window (no non-scroll caching): before the first scroll nothing is
///   prefetched; what a scroll scheduled is still composed after the list stops, one item a frame
///   (`PrefetchScheduler` keeps its queue of requests until they run or leave the window).
/// - An item leaving the window and the viewport is disposed: its image request is cancelled.
/// - Prefetch runs in the frame's idle time (`PrefetchScheduler`: requests one after another until
///   the next frame's deadline). The lab has no frame-time budget; it composes at most
///   `prefetchesPerFrame` = 1 item ahead per frame, nearest first (a modelling choice: one item's
///   composition fits in a frame's idle time).
/// - `compose@shipped`: Coil's network client, OkHttp, runs 5 requests per host at once
///   (`Dispatcher.maxRequestsPerHost`).
public struct ComposePolicy: LoadingPolicy {
    public var kind: LoadingPolicyKind { .compose }
    public var maxConcurrentLoads: Int? { 5 }

    /// The window ahead's bounds as fractions of the viewport.
    public static let aheadFractions = (min: 0.1, max: 0.5)
    /// Items composed ahead per frame.
    public var prefetchesPerFrame: Int
    /// Items composed ahead and not disposed.
    public var prefetched: Set<Int> { prefetchedItems.set }
    private var prefetchedItems = ItemSet()
    private var lastOffset: Double?
    /// Direction of the last scroll delta: +1 down the list, −1 up, 0 none yet.
    public private(set) var direction = 0
    private var storage = DecisionStorage()
    /// The frame's items to compose ahead, nearest first: a buffer kept from frame to frame.
    private var candidates: [(distance: Double, item: Int)] = []

    /// Makes the policy.
    public init(prefetchesPerFrame: Int = 1) {
        self.prefetchesPerFrame = Swift.max(1, prefetchesPerFrame)
    }

    /// The window ahead, points: the average visible item size clamped to 10–50% of the viewport.
    public static func aheadWindow(_ context: LoadingContext) -> Double {
        let visible = context.visibleItems
        let viewport = context.bounds.height
        guard !visible.isEmpty else { return viewport * aheadFractions.min }
        var sum = 0.0
        for item in visible { sum += context.frame(of: item).height }
        let average = sum / Double(visible.count) + context.layout.gap
        return Swift.min(Swift.max(average, viewport * aheadFractions.min), viewport * aheadFractions.max)
    }

    public mutating func decide(_ trigger: LoadTrigger, in context: LoadingContext) -> LoadDecision {
        switch trigger {
        case let .appear(items):
            for item in items { prefetchedItems.remove(item) }
            return storage.load(items)
        case .frame:
            return scrolled(context)
        default:
            return .none
        }
    }

    /// A frame: follows the scroll delta, disposes what left the window, composes the next item ahead
    /// (at rest too, once a scroll has set a direction).
    public mutating func scrolled(_ context: LoadingContext) -> LoadDecision {
        let offset = context.contentOffset.y
        defer { lastOffset = offset }
        guard let last = lastOffset else { return .none }
        if offset != last { direction = offset > last ? 1 : -1 }
        guard direction != 0 else { return .none }
        let b = context.bounds
        let ahead = Self.aheadWindow(context)
        let (low, high) = direction > 0 ? (b.maxY, b.maxY + ahead) : (b.minY - ahead, b.minY)
        var decision = storage.begin()
        for item in prefetchedItems {
            let f = context.frame(of: item)
            let inWindow = f.maxY > low && f.minY < high
            let onScreen = f.maxY > b.minY && f.minY < b.maxY
            if !inWindow && !onScreen { decision.cancel.append(item) }
        }
        decision.cancel.sort()
        for item in decision.cancel { prefetchedItems.remove(item) }
        candidates.removeAll(keepingCapacity: true)
        for item in context.items(fromY: low, toY: high) where !prefetchedItems.contains(item) && !context.visibleItems.contains(item) {
            let f = context.frame(of: item)
            guard f.maxY > low, f.minY < high else { continue }
            candidates.append((direction > 0 ? f.minY - b.maxY : b.minY - f.maxY, item))
        }
        candidates.sort { ($0.distance, $0.item) < ($1.distance, $1.item) }
        for c in candidates.prefix(prefetchesPerFrame) {
            prefetchedItems.insert(c.item)
            if !context.isCached(c.item) { decision.load.append(LoadRequest(item: c.item, priority: 1)) }
        }
        return storage.end(decision)
    }
}

extension LoadingPolicyKind {
    /// Jetpack Compose's lazy layouts with the default cache window, images by Coil.
    public static let compose = LoadingPolicyKind(name: "compose", declaration: Declaration(
        summary: "one item ahead per frame within the average item size, nothing behind", origin: .peer,
        system: "Compose LazyLayoutCacheWindow + Coil", colour: (61, 220, 132))) { _ in ComposePolicy() }
}

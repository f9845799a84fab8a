/// Peer policy `texture`: Texture's (AsyncDisplayKit's) ASRangeController driving ASNetworkImageNode,
/// with Texture's own numbers (TextureGroup/Texture @be0b74b, research/loading-peers.md §1):
///
/// - Ranges are the viewport stretched by screenfuls of its own height, a leading buffer in the
///   scroll direction and a trailing one behind (`ASAbstractLayoutController.mm:34-134`). Full mode:
///   preload 2.5 ahead / 1.5 behind, display 1.0 / 0.5. Minimum mode, in force until the first drag
///   (`ASRangeController.mm:107-117`, `ASCollectionView.mm:1680-1684`): preload 0.5 / 0.25, display
///   0.25 / 0.25. In the lab one screenful is the scroll view's 450 pt, so Full preload reaches
///   1125 pt ahead and 675 pt behind.
/// - Direction: from the pan velocity while tracking, towards `targetContentOffset` while
///   decelerating (`ASCollectionView.mm:1648-1655, 1732-1743`), else the last one; before any motion
///   it counts as "not moving down", so the leading buffer points up (the quirk the source has).
/// - Ranges are recomputed when the set of visible cells changes (`setNeedsUpdate` from
///   willDisplay/didEndDisplaying) and when a drag switches the mode.
/// - A tile entering the preload range starts its download unless its image is loaded or in flight
///   (`ASNetworkImageNode.mm:452-458, 708-726`); leaving it cancels the download, drops the image and
///   evicts it from the memory cache (`:440-450, 571-590`), so a tile that comes back loads again.
/// - Priority follows the state: visible, then display, then preload (PINRemoteImage High / Default /
///   Low); 10 downloads at once (PINRemoteImageDownloadQueue): the `texture@shipped` variant's pipeline
///   (B-PIPE-1; `texture` runs on the shared one).
///
/// The display range only sets the priority here: the lab's load includes the decode, so there is no
/// separate decode stage to start on entering it.
public struct TexturePolicy: LoadingPolicy {
    public var kind: LoadingPolicyKind { .texture }
    public var maxConcurrentLoads: Int? { 10 }

    /// Buffers in screenfuls: preload and display, leading and trailing.
    public struct Tuning: Hashable, Sendable {
        public var preloadLeading, preloadTrailing, displayLeading, displayTrailing: Double
        /// `ASLayoutRangeModeFull`.
        public static let full = Tuning(preloadLeading: 2.5, preloadTrailing: 1.5, displayLeading: 1.0, displayTrailing: 0.5)
        /// `ASLayoutRangeModeMinimum`.
        public static let minimum = Tuning(preloadLeading: 0.5, preloadTrailing: 0.25, displayLeading: 0.25, displayTrailing: 0.25)
    }

    /// Full mode once the user has dragged; Minimum before.
    public private(set) var isFullMode = false
    /// +1 moving down the list (offset growing), −1 up, 0 not yet known (counts as up).
    public private(set) var direction = 0
    /// Direction set at release, towards `targetContentOffset`; 0 when not decelerating.
    public private(set) var deceleratingDirection = 0
    /// Items in the preload range at the last update.
    public var preloaded: Set<Int> { preloadedItems.set }
    private var preloadedItems = ItemSet()
    /// The visible items at the last range update (its own copy, refilled in place).
    private var lastVisible: [Int]?
    private var storage = DecisionStorage()
    /// The loads' sort keys (priority, distance from the viewport's centre, item), kept for their storage.
    private var loadOrder: [(priority: Double, distance: Double, item: Int)] = []

    /// Makes the policy (Minimum mode, no direction yet).
    public init() {}

    /// The buffers of the current mode.
    public var tuning: Tuning { isFullMode ? .full : .minimum }

    public mutating func decide(_ trigger: LoadTrigger, in context: LoadingContext) -> LoadDecision {
        switch trigger {
        case .willBeginDragging:
            isFullMode = true
            updateDirection(context)
            return updateRanges(context)
        case let .willEndDragging(_, target):
            let delta = target.y - context.contentOffset.y
            deceleratingDirection = delta > 0 ? 1 : (delta < 0 ? -1 : 0)
            return .none
        case .didEndDecelerating:
            deceleratingDirection = 0
            return .none
        case .appear, .frame:
            updateDirection(context)
            guard context.visibleItems != lastVisible else { return .none }
            return updateRanges(context)
        default:
            return .none
        }
    }

    private mutating func updateDirection(_ context: LoadingContext) {
        let v = context.velocity.y
        if context.isTracking {
            if v != 0 { direction = v > 0 ? 1 : -1 }
        } else if context.isDecelerating, deceleratingDirection != 0 {
            direction = deceleratingDirection
        }
    }

    /// The band `[minY, maxY)` of a range with `leading`/`trailing` screenfuls around the viewport.
    public func range(leading: Double, trailing: Double, in context: LoadingContext) -> (minY: Double, maxY: Double) {
        let b = context.bounds, h = b.height
        let down = direction > 0
        return (b.minY - (down ? trailing : leading) * h, b.maxY + (down ? leading : trailing) * h)
    }

    /// Recomputes the ranges: loads what entered the preload range (visible first, then display,
    /// then preload), cancels and evicts what left it.
    public mutating func updateRanges(_ context: LoadingContext) -> LoadDecision {
        if lastVisible == nil { lastVisible = [] }
        lastVisible!.removeAll(keepingCapacity: true)
        lastVisible!.append(contentsOf: context.visibleItems)
        let t = tuning
        let p = range(leading: t.preloadLeading, trailing: t.preloadTrailing, in: context)
        let d = range(leading: t.displayLeading, trailing: t.displayTrailing, in: context)
        let preload = context.items(fromY: p.minY, toY: p.maxY)
        let display = context.items(fromY: d.minY, toY: d.maxY)
        let visible = context.visibleItems
        var decision = storage.begin()
        for item in visible { decision.load.append(LoadRequest(item: item, priority: 0)) }
        for item in preload where !visible.contains(item) && !preloadedItems.contains(item) && !context.isCached(item) {
            decision.load.append(LoadRequest(item: item, priority: display.contains(item) ? 1 : 2))
        }
        // Sorted by priority, then distance from the viewport's centre, then item: each key worked out
        // once, not at every comparison.
        let centre = context.bounds.center.y
        loadOrder.removeAll(keepingCapacity: true)
        for request in decision.load {
            loadOrder.append((request.priority, abs(context.frame(of: request.item).center.y - centre), request.item))
        }
        loadOrder.sort { ($0.priority, $0.distance, $0.item) < ($1.priority, $1.distance, $1.item) }
        for (i, key) in loadOrder.enumerated() { decision.load[i] = LoadRequest(item: key.item, priority: key.priority) }
        // Left the preload range (ascending); evicted unless an item still in it shares the image.
        for item in preloadedItems where !preload.contains(item) && !visible.contains(item) { decision.cancel.append(item) }
        for item in decision.cancel where !preload.contains(where: { context.key(of: $0) == context.key(of: item) }) {
            decision.evict.append(item)
        }
        preloadedItems.removeAll()
        for item in preload { preloadedItems.insert(item) }
        return storage.end(decision)
    }
}

import ScrollKit

/// Peer policy `flashlist` (B-PEER-2): Shopify's FlashList v2 (`RVEngagedIndicesTrackerImpl`,
/// src/recyclerview/helpers/EngagedIndicesTracker.ts; `RenderTimeTracker.ts` beside it), each item's
/// image requested when the item is rendered (React Native's `Image`):
///
/// - Engaged items: those in the viewport extended by twice `drawDistance` (250 px on native), 70% of
///   it in the direction of scrolling and 30% behind; the direction is the majority sign of the last 5
///   scroll velocities (starting history 0, 0, 0, −0.1, −0.1: backward). Buffer cut off at one end of
///   the content is added at the other.
/// - Offset projection: the viewport starts at the offset plus the median of those velocities times the
///   render time. On iOS, the platform the lab models, FlashList does not track render times
///   (`trackAverageRenderTimeForOffsetProjection: false`, src/native/config/PlatformHelper.ios.ts) and
///   `RenderTimeTracker` answers its default, 16 ms, whatever the refresh rate.
/// - Recomputed on each scroll event (a frame whose offset changed); an item leaving the engaged set
///   is recycled and its image request cancelled (a new source on the recycled view).
/// - Momentum end: 100 ms after the last scroll event (`VelocityTracker`'s timeout) the history is reset
///   to its start in the direction it held (0, 0, 0, ±0.1, ±0.1: `resetVelocityHistory`), a velocity of 0
///   is recorded and the range recomputed, so a list at rest renders around the unprojected viewport.
/// - `flashlist@shipped`: React Native's `RCTImageLoader` runs 4 loads at once
///   (`_maxConcurrentLoadingTasks`, Libraries/Image/RCTImageLoader.mm).
public struct FlashListPolicy: LoadingPolicy {
    public var kind: LoadingPolicyKind { .flashlist }
    public var maxConcurrentLoads: Int? { 4 }

    /// Distance rendered beyond the viewport, each side on average, points.
    public var drawDistance: Double
    /// Share of the two draw distances in the direction of scrolling.
    public static let aheadShare = 0.7
    /// The render time the offset is projected by, seconds: `RenderTimeTracker`'s default, used on iOS.
    public static let renderTime = 0.016
    /// The last 5 scroll velocities, points per millisecond (FlashList's unit, px/ms).
    public private(set) var velocityHistory: [Double] = [0, 0, 0, -0.1, -0.1]
    private var velocityIndex = 0
    /// Items engaged (rendered) now.
    public var engaged: Set<Int> { engagedItems.set }
    private var engagedItems = ItemSet()
    private var lastOffset: Double?
    /// When the offset last changed (nil once the momentum end has been handled, or before any scroll).
    private var lastScrollTime: Double?
    private var storage = DecisionStorage()
    /// How long after the last scroll event FlashList signals the end of momentum, seconds.
    public static let momentumEndDelay = 0.1

    /// Makes the policy with FlashList's native default, 250 px.
    public init(drawDistance: Double = 250) {
        self.drawDistance = drawDistance
    }

    public mutating func decide(_ trigger: LoadTrigger, in context: LoadingContext) -> LoadDecision {
        switch trigger {
        case let .appear(items):
            return storage.load(items)
        case .frame:
            let offset = context.contentOffset.y
            defer { lastOffset = offset }
            guard lastOffset != offset else { return endMomentum(context) }
            if lastOffset != nil {
                record(context.velocity.y / 1000)
                lastScrollTime = context.time
            }
            return engage(context)
        default:
            return .none
        }
    }

    /// Adds a velocity to the history, in place of the oldest.
    private mutating func record(_ velocity: Double) {
        velocityHistory[velocityIndex] = velocity
        velocityIndex = (velocityIndex + 1) % velocityHistory.count
    }

    /// The momentum end, once `momentumEndDelay` has passed without a scroll event: the history starts
    /// again in its direction, a velocity of 0 is recorded, and the engaged range is recomputed.
    private mutating func endMomentum(_ context: LoadingContext) -> LoadDecision {
        guard let last = lastScrollTime, context.time - last >= Self.momentumEndDelay - 1e-9 else { return .none }
        lastScrollTime = nil
        let sign = isScrollingBackward ? -1.0 : 1.0
        for i in velocityHistory.indices { velocityHistory[i] = i < 3 ? 0 : 0.1 * sign }   // in place: no allocation
        velocityIndex = 0
        record(0)
        return engage(context)
    }

    /// FlashList's direction: backward when most of the history's velocities are negative.
    private var isScrollingBackward: Bool {
        var positives = 0, negatives = 0
        for v in velocityHistory {
            if v > 0 { positives += 1 } else if v < 0 { negatives += 1 }
        }
        return positives < negatives
    }

    /// The engaged range, content coordinates: FlashList's buffer split and projection.
    public func engagedRange(_ context: LoadingContext) -> (start: Double, end: Double) {
        let backward = isScrollingBackward
        let median = Self.value(atSortedIndex: velocityHistory.count / 2, of: velocityHistory)
        let viewportStart = context.contentOffset.y + median * Self.renderTime * 1000
        let viewportEnd = viewportStart + context.bounds.height
        let total = drawDistance * 2
        let before = (total * (backward ? Self.aheadShare : 1 - Self.aheadShare)).rounded(.up)
        let after = (total * (backward ? 1 - Self.aheadShare : Self.aheadShare)).rounded(.up)
        var start = Swift.max(0, viewportStart - before)
        var end = viewportEnd + after + Swift.max(0, before - viewportStart)
        let contentEnd = context.layout.contentSize.height
        if end > contentEnd {
            start = Swift.max(0, start - (end - contentEnd))
            end = contentEnd
        }
        return (start, end)
    }

    /// The value a sort of `values` puts at `index` (within their indices), without sorting a copy: the
    /// history is a handful of samples, and the frame allocates nothing.
    static func value(atSortedIndex index: Int, of values: [Double]) -> Double {
        for v in values {
            var below = 0, equal = 0
            for w in values { if w < v { below += 1 } else if w == v { equal += 1 } }
            if below <= index && index < below + equal { return v }
        }
        return values[index]
    }

    /// Renders what entered the engaged range and recycles what left it.
    public mutating func engage(_ context: LoadingContext) -> LoadDecision {
        let (start, end) = engagedRange(context)
        let now = context.items(fromY: start, toY: end)
        var decision = storage.begin()
        for item in engagedItems where !now.contains(item) { decision.cancel.append(item) }
        decision.cancel.sort()
        for item in decision.cancel { engagedItems.remove(item) }
        let b = context.bounds
        for item in now where !engagedItems.contains(item) {
            engagedItems.insert(item)
            if context.isCached(item) { continue }
            let f = context.frame(of: item)
            let onScreen = f.maxY > b.minY && f.minY < b.maxY
            decision.load.append(LoadRequest(item: item, priority: onScreen ? 0 : 1))
        }
        return storage.end(decision)
    }
}

extension LoadingPolicyKind {
    /// FlashList v2: a 250 px draw distance split 70/30 by direction, the offset projected 16 ms ahead.
    public static let flashlist = LoadingPolicyKind(name: "flashlist", declaration: Declaration(
        summary: "render within 250 px, 70% ahead, the offset projected 16 ms ahead", origin: .peer,
        system: "FlashList v2 + React Native Image", colour: (225, 80, 165))) { _ in FlashListPolicy() }
}

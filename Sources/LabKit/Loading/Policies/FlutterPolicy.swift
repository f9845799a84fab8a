/// Peer policy `flutter`: an `Image` in a Flutter scrollable, i.e. `ScrollAwareImageProvider` inside
/// the viewport's cache extent (flutter/flutter, research/loading-peers.md §4):
///
/// - Tiles are built while they overlap the band `cacheExtent` = 250 logical px before and after the
///   viewport, with no direction bias (`RenderAbstractViewport.defaultCacheExtent`, viewport.dart);
///   a tile leaving it is disposed. Lab points are logical pixels: 250 pt.
/// - A built tile resolves its image (`resolveStreamForKey`): if the image cache holds the key, done
///   or pending, it attaches at once even while scrolling fast; if the tile was disposed, it never
///   loads; if `recommendDeferredLoading` says so, it checks again next frame; else it loads.
/// - Deferral (`ScrollPhysics.recommendDeferredLoading`): |velocity| > the screen's longest side in
///   physical pixels per second. The velocity is the ballistic one: a drag reports 0
///   (`DragScrollActivity.velocity`), so nothing is ever deferred under the finger. The lab's phone
///   is 480 pt at @2x (its images are 2× tiles): 960 pt/s.
/// - No cancels: `ImageStreamCompleter` has none; a started load finishes into the cache, also when
///   the tile's view is recycled (`cancelsOnRebind` is false).
/// - No concurrency cap in the framework; `maxConcurrentLoads` 64 stands for none (the band never
///   holds more than about 14 tiles): the `flutter@shipped` variant's pipeline (`flutter` runs on the
///   shared one).
public struct FlutterPolicy: LoadingPolicy {
    public var kind: LoadingPolicyKind { .flutter }
    public var maxConcurrentLoads: Int? { 64 }
    public var cancelsOnRebind: Bool { false }

    /// Cache extent on each side of the viewport, points.
    public var cacheExtent: Double
    /// Ballistic speed above which loads are deferred, points per second.
    public var deferralSpeed: Double
    /// Tiles built (inside the band), waiting to resolve their image, in index order.
    public private(set) var pending: [Int] = []
    /// Tiles built whose image is resolved (loading or loaded).
    public var resolved: Set<Int> { resolvedItems.set }
    private var resolvedItems = ItemSet()
    private var band: Range<Int> = 0..<0
    private var storage = DecisionStorage()

    /// Flutter's deferral speed on the lab's phone: its 480 pt side in pixels (`FeedDecodedSizes.pixelsPerPoint`)
    /// per second, 960 pt/s. (The scroll physics round offsets to an @3x pixel grid, UIKit's; the images and
    /// this threshold take the phone's 2 px a point.)
    public static let phoneDeferralSpeed = 480 * FeedDecodedSizes.pixelsPerPoint

    /// Makes the policy with Flutter's defaults scaled to the lab: 250 pt, 960 pt/s.
    public init(cacheExtent: Double = 250, deferralSpeed: Double = phoneDeferralSpeed) {
        self.cacheExtent = cacheExtent
        self.deferralSpeed = deferralSpeed
    }

    /// Flutter's `recommendDeferredLoading`: ballistic motion faster than the threshold.
    public func defers(_ context: LoadingContext) -> Bool {
        !context.isTracking && context.isDecelerating && abs(context.velocity.y) > deferralSpeed
    }

    public mutating func decide(_ trigger: LoadTrigger, in context: LoadingContext) -> LoadDecision {
        switch trigger {
        case let .appear(items):
            // A visible tile shows what its widget resolved (cache hit or the load in flight).
            var decision = storage.begin()
            for item in items where resolvedItems.contains(item) { decision.load.append(LoadRequest(item: item)) }
            return storage.end(decision)
        case .frame, .willBeginDragging:
            return resolve(context)
        default:
            return .none
        }
    }

    /// Builds and disposes tiles as the band moves, then resolves the pending ones.
    public mutating func resolve(_ context: LoadingContext) -> LoadDecision {
        let b = context.bounds
        let now = context.items(fromY: b.minY - cacheExtent, toY: b.maxY + cacheExtent)
        if now != band {
            band = now
            pending.removeAll { !now.contains($0) }        // disposed before resolving: never loads
            resolvedItems.removeAll { !now.contains($0) }
            for item in now where !resolvedItems.contains(item) && !pending.contains(item) { pending.append(item) }
        }
        guard !pending.isEmpty else { return .none }
        let deferring = defers(context)
        var decision = storage.begin()
        pending.removeAll { item in
            // `containsKey` also counts loads in flight: here a tile that resolved and stayed in the band
            // is in `resolved`; one that left the band and came back while its load still runs waits
            // like any other (the lab's approximation; the policy does not see the pipeline).
            guard context.isCached(item) || !deferring else { return false }
            resolvedItems.insert(item)
            decision.load.append(LoadRequest(item: item, priority: 0))
            return true
        }
        return storage.end(decision)
    }
}

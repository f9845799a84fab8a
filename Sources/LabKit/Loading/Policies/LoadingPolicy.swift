import ScrollKit

/// A rule for when to load tile images while scrolling (B-POL-1).
///
/// The grid scene calls `decide` at every trigger and carries the decision out; policies keep only
/// their own small state (a target rect, a prefetch set, a plan).
public protocol LoadingPolicy: Sendable {
    /// Which policy this is.
    var kind: LoadingPolicyKind { get }
    /// The rect at `targetContentOffset` the policy is steering by, for drawing (nil when none).
    var targetRect: Rect? { get }
    /// Loads the shipping system this policy reproduces runs at once (nil: it sets none of its own).
    /// Only the policy's `@shipped` variant runs with it (B-PIPE-1); otherwise the pipeline is shared.
    var maxConcurrentLoads: Int? { get }
    /// Whether a load a view waited for is cancelled when the view is rebound (false: it finishes
    /// into the cache, as Flutter's image streams do).
    var cancelsOnRebind: Bool { get }
    /// Network loads the policy runs at once after its last decision, fewer than the pipeline allows
    /// (nil: as many as the pipeline allows).
    var networkLoadsAtOnce: Int? { get }
    /// Whether a `.frame` trigger can change the policy's decision or state (false: it decides nothing
    /// then, and the scene does not ask it every frame).
    var heedsFrames: Bool { get }
    /// What to load and cancel at `trigger`, given `context`.
    mutating func decide(_ trigger: LoadTrigger, in context: LoadingContext) -> LoadDecision
}

extension LoadingPolicy {
    /// No target rect unless the policy has one.
    public var targetRect: Rect? { nil }
    /// No pipeline setting of its own.
    public var maxConcurrentLoads: Int? { nil }
    /// Rebinding a view cancels the load it waited for unless the policy says otherwise.
    public var cancelsOnRebind: Bool { true }
    /// As many network loads at once as the pipeline allows.
    public var networkLoadsAtOnce: Int? { nil }
    /// Asked every frame unless the policy says otherwise.
    public var heedsFrames: Bool { true }
}

/// The moments a loading policy is consulted: the UITableView data-source and scroll-view delegate
/// moments the seeds hook into, plus every frame.
public enum LoadTrigger: Hashable, Sendable {
    /// Pool views were (re)bound to these items (the pool binds a row before it is on screen).
    case bind([Int])
    /// These items came on screen (UIKit's `cellForRowAtIndexPath`/`willDisplay` moment).
    case appear([Int])
    /// `scrollViewWillBeginDragging`.
    case willBeginDragging
    /// `scrollViewWillEndDragging`: release velocity (pt/ms, UIKit's unit) and the target offset.
    case willEndDragging(velocity: Point, target: Point)
    /// `scrollViewDidEndDragging(willDecelerate:)`.
    case didEndDragging(willDecelerate: Bool)
    /// `scrollViewWillBeginDecelerating`.
    case willBeginDecelerating
    /// `scrollViewDidEndDecelerating`.
    case didEndDecelerating
    /// `scrollViewDidEndScrollingAnimation`.
    case didEndScrollingAnimation
    /// One frame passed.
    case frame
}

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

/// A policy's wish to have one item's image: the item and how soon it is needed.
public struct LoadRequest: Hashable, Sendable {
    /// The item.
    public var item: Int
    /// Seconds until the image is needed (0 = on screen now); lower is served first.
    public var priority: Double

    /// Makes a request.
    public init(item: Int, priority: Double = 0) {
        self.item = item
        self.priority = priority
    }
}

/// A policy's decision arrays kept from one call to the next, so a policy consulted every frame
/// allocates nothing once they have grown: `begin()` hands back the last decision emptied (its storage
/// is reused once the scene has dropped that decision), `end(_:)` keeps the filled one and returns it.
public struct DecisionStorage: Sendable {
    private var kept = LoadDecision()

    /// Empty storage; it allocates nothing until first used.
    public init() {}

    /// Room each list has from the first `begin()` on (more grow as needed).
    static let initialCapacity = 16

    /// The last decision, emptied, its capacity kept.
    public mutating func begin() -> LoadDecision {
        var decision = LoadDecision()
        swap(&decision, &kept)
        decision.load.empty()
        decision.cancel.empty()
        decision.evict.empty()
        decision.load.reserveCapacity(Self.initialCapacity)
        decision.cancel.reserveCapacity(Self.initialCapacity)
        decision.evict.reserveCapacity(Self.initialCapacity)
        return decision
    }

    /// Keeps `decision`'s storage for the next `begin()` and returns it.
    public mutating func end(_ decision: LoadDecision) -> LoadDecision {
        kept = decision
        return decision
    }

    /// Load `items` now (priority 0, in order), like `LoadDecision.load(_:)`.
    public mutating func load(_ items: some Sequence<Int>) -> LoadDecision {
        var decision = begin()
        for item in items { decision.load.append(LoadRequest(item: item, priority: 0)) }
        return end(decision)
    }
}

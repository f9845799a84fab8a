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
    /// Loads the system this policy reproduces runs at once (nil: the lab's setting).
    var maxConcurrentLoads: Int? { get }
    /// Whether a load a view waited for is cancelled when the view is rebound (false: it finishes
    /// into the cache, as Flutter's image streams do).
    var cancelsOnRebind: Bool { get }
    /// What to load and cancel at `trigger`, given `context`.
    mutating func decide(_ trigger: LoadTrigger, in context: LoadingContext) -> LoadDecision
}

extension LoadingPolicy {
    /// No target rect unless the policy has one.
    public var targetRect: Rect? { nil }
    /// The lab's concurrency unless the policy reproduces a system with its own.
    public var maxConcurrentLoads: Int? { nil }
    /// Rebinding a view cancels the load it waited for unless the policy says otherwise.
    public var cancelsOnRebind: Bool { true }
}

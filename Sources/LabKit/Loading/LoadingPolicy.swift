/// A rule for when to load tile images while scrolling (B-POL-1).
///
/// The grid scene calls `decide` at every trigger and carries the decision out; policies keep only
/// their own small state (a target rect, a prefetch set, a plan).
public protocol LoadingPolicy: Sendable {
    /// Which policy this is.
    var kind: LoadingPolicyKind { get }
    /// The rect at `targetContentOffset` the policy is steering by, for drawing (nil when none).
    var targetRect: Rect? { get }
    /// What to load and cancel at `trigger`, given `context`.
    mutating func decide(_ trigger: LoadTrigger, in context: LoadingContext) -> LoadDecision
}

extension LoadingPolicy {
    /// No target rect unless the policy has one.
    public var targetRect: Rect? { nil }
}

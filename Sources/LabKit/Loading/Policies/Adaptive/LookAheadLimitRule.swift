/// Whether loads are quick enough for Adaptive to load ahead: a load duration at most `limit` (Target's
/// rule past it). Before a load of its own is measured the estimate is the oldest running load's age, on
/// average half its life, so it is held against the limit `unmeasuredLifeFactor` times over.
public struct LookAheadLimitRule: Hashable, Sendable {
    /// The longest load duration (seconds) that still loads ahead.
    public var limit: Double
    /// The estimate's multiplier before a load is measured.
    public var unmeasuredLifeFactor: Double

    /// The rule of `tuning`.
    public init(_ tuning: AdaptiveTuning) {
        limit = tuning.lookAheadLimit
        unmeasuredLifeFactor = tuning.unmeasuredLifeFactor
    }

    /// Whether a load duration of `duration` allows look-ahead, `measuredLoads` loads measured so far.
    public func allows(duration: Double, measuredLoads: Int) -> Bool {
        (measuredLoads == 0 ? unmeasuredLifeFactor * duration : duration) <= limit
    }

    /// Whether the pipeline's own estimate (`expected`, not the link's figures, which start low while few
    /// responses are measured) passes the limit.
    public func isTooSlow(expected: Double, measuredLoads: Int) -> Bool {
        (measuredLoads == 0 ? unmeasuredLifeFactor : 1) * expected > limit
    }
}

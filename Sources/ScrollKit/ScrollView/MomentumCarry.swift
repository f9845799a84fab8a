#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Momentum carried into a repeated fling (B-DEC-3): Flutter's fit of iOS, with its rules.
///
/// A touch that catches a gliding view remembers the glide's velocity `g`. If the drag then releases
/// in the same direction, the fling leaves at `v + sign(g)·min(0.000816·|g|^1.967, 40000)` pt/s
/// (`BouncingScrollPhysics.carriedMomentum`). The rules (Flutter's `ScrollDragController`) keep it
/// from surprising: only a glide caught by the touch carries (not a view at rest), only in the same
/// direction, only when the new fling is faster than half the carried velocity, and never after the
/// pointer rested more than 20 ms during the drag.
public struct MomentumCarry: Hashable, Sendable {
    /// Scale of the power law, pt/s per (pt/s)^exponent.
    public var coefficient = 0.000816
    /// Exponent of the power law.
    public var exponent = 1.967
    /// The most that is carried, pt/s.
    public var maximum = 40_000.0
    /// A pointer still for longer than this (seconds) during the drag loses the momentum.
    public var maximumRest = 0.020
    /// The new fling must be faster than this share of the carried velocity.
    public var minimumShareOfCarried = 0.5

    /// The default carry (Flutter's constants).
    public init() {}

    /// The velocity a caught glide of `glide` pt/s carries into the next fling.
    public func carried(from glide: Double) -> Double {
        guard glide.isFinite, glide != 0 else { return 0 }
        let magnitude = Swift.min(coefficient * pow(abs(glide), exponent), maximum)
        return glide < 0 ? -magnitude : magnitude
    }

    /// The release velocity `velocity` with `carried` added when the rules allow it.
    public func fling(_ velocity: Double, carrying carried: Double) -> Double {
        guard carried != 0, velocity != 0, (velocity < 0) == (carried < 0),
              abs(velocity) > abs(carried) * minimumShareOfCarried else { return velocity }
        return velocity + carried
    }
}

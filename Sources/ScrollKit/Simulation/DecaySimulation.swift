#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// UIKit's deceleration: the velocity decays exponentially and the motion stops once it falls below
/// `stopVelocity`, exactly on a target (B-DEC-1/2).
///
/// The velocity is `v₀·e^(−t/τ)` and the position `start + v₀·τ·(1 − e^(−t/τ))`, so the velocity at
/// `t = 0` is exactly the release velocity `v₀`. The motion ends at `duration = τ·ln(|v₀|/stopVelocity)`,
/// when the speed reaches `stopVelocity`; it has then travelled `(|v₀| − stopVelocity)·τ`, and that is
/// the target: from then on the position is `finalPosition` exactly. UIKit's rate `r` (per millisecond)
/// gives `τ = −1/(1000·ln r)`: a 1000 pt/s fling travels 494.5 pt and stops 2.30 s after the release at
/// 0.998. A target that differs from the natural one (the pixel grid, or a delegate's rewrite) is
/// reached by "re-timing": the same curve with `τ = distance / (|v₀| − stopVelocity)`.
public struct DecaySimulation: Simulation, Hashable {
    /// The speed (points per second) at which a deceleration stops, as UIKit's does (real iOS
    /// recordings fit it: a 481 pt/s fling is done 1.92 s after the release).
    public static let stopVelocity = 10.0

    /// Position at `t = 0`.
    public let startPosition: Double
    /// Velocity at `t = 0` (points per second).
    public let initialVelocity: Double
    /// Where the motion ends.
    public let finalPosition: Double
    /// The time constant τ in seconds (velocity falls by e each τ).
    public let timeConstant: Double
    /// Time at which the speed reaches `stopVelocity` and the motion is done on `finalPosition`.
    public let duration: Double

    /// How far a fling of `velocity` (points per second) travels at `rate` before it stops:
    /// `sign(v)·(|v| − stopVelocity)·τ`, zero for a speed at or below `stopVelocity`.
    public static func projectedDistance(velocity: Double, rate: DecelerationRate) -> Double {
        let speed = Swift.max(abs(velocity) - stopVelocity, 0)
        return velocity < 0 ? -speed * rate.timeConstant : speed * rate.timeConstant
    }

    /// A natural fling from `position` at `velocity` (points per second) at `rate`, ending where the
    /// speed falls to `stopVelocity` (not rounded to any grid).
    public init(position: Double, velocity: Double, rate: DecelerationRate) {
        let distance = Self.projectedDistance(velocity: velocity, rate: rate)
        self.init(position: position, velocity: velocity, finalPosition: position + distance,
                  timeConstant: distance == 0 ? 0 : rate.timeConstant)
    }

    /// A decay from `position` at `velocity` re-timed to stop exactly on `target` (B-DEC-2): the speed
    /// still starts at `velocity` and still falls to `stopVelocity` at the end.
    ///
    /// Returns nil when no such decay exists or it would be absurd: a speed at or below `stopVelocity`,
    /// a target behind the direction of motion (or at the start), or a time constant above
    /// `maximumTimeConstant` seconds. Callers fall back to a spring then.
    public init?(position: Double, velocity: Double, target: Double, maximumTimeConstant: Double = 2) {
        guard position.isFinite, velocity.isFinite, target.isFinite, abs(velocity) > Self.stopVelocity
        else { return nil }
        let tau = (target - position) / (velocity - (velocity < 0 ? -Self.stopVelocity : Self.stopVelocity))
        guard tau.isFinite, tau > 0, tau <= maximumTimeConstant else { return nil }
        self.init(position: position, velocity: velocity, finalPosition: target, timeConstant: tau)
    }

    /// The decay from `position` that stops exactly on `target` with time constant `timeConstant`: it
    /// starts at `(target − position)/τ + sign·stopVelocity`. For forecasts that know where and how
    /// quickly a motion stops but not its release velocity.
    public init(position: Double, target: Double, timeConstant: Double) {
        let distance = target - position
        let tau = timeConstant.isFinite && timeConstant > 0 ? timeConstant : 0
        let velocity = distance == 0 || tau == 0 ? 0
            : distance / tau + (distance < 0 ? -Self.stopVelocity : Self.stopVelocity)
        self.init(position: position, velocity: velocity, finalPosition: velocity == 0 ? position : target,
                  timeConstant: tau)
    }

    private init(position: Double, velocity: Double, finalPosition: Double, timeConstant: Double) {
        startPosition = position
        initialVelocity = velocity
        self.finalPosition = finalPosition
        self.timeConstant = timeConstant
        duration = abs(velocity) > Self.stopVelocity && timeConstant > 0
            ? timeConstant * log(abs(velocity) / Self.stopVelocity)
            : 0
    }

    /// Total travel from the start to the final position.
    public var distance: Double { finalPosition - startPosition }

    /// Where the decay would come to rest without the stop: `start + v₀·τ` (the curve's asymptote).
    var asymptote: Double { startPosition + initialVelocity * timeConstant }

    public func position(at time: Double) -> Double {
        if isDone(at: time) { return finalPosition }
        let t = Swift.max(time, 0)
        return asymptote - initialVelocity * timeConstant * exp(-t / timeConstant)
    }

    public func velocity(at time: Double) -> Double {
        if isDone(at: time) { return 0 }
        let t = Swift.max(time, 0)
        return initialVelocity * exp(-t / timeConstant)
    }

    public func isDone(at time: Double) -> Bool { !(time < duration) }

    /// Seconds after the start at which the motion passes `position` on its way: nil when it never
    /// does before stopping (behind the start, beyond the target), `duration` for the target itself.
    public func time(reaching position: Double) -> Double? {
        guard distance != 0, position.isFinite else { return position == startPosition ? 0 : nil }
        let fraction = (position - startPosition) / distance  // share of the travel
        guard fraction >= 0, fraction <= 1 else { return nil }
        if fraction == 1 { return duration }
        return -timeConstant * log(1 - (position - startPosition) / (initialVelocity * timeConstant))
    }
}

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// UIKit's deceleration: the velocity decays exponentially and the motion ends exactly on a target (B-DEC-1/2).
///
/// The position is `start + D·(1 − e^(−t/τ))` with `τ = D / v₀`, so the velocity at `t = 0` is exactly
/// the release velocity `v₀` and the total travel is exactly `D`. For a natural fling `D` is the WWDC
/// projection `(v₀/1000)·r/(1−r)` (r per millisecond), which gives `τ = r / (1000·(1−r))`: 0.499 s for
/// `.normal`, 0.099 s for `.fast`. A delegate-rewritten target is reached by "re-timing": the same curve
/// with `τ = D / v₀`. The motion is done when less than `stopDistance` is left; from then on the
/// position is the target exactly.
public struct DecaySimulation: Simulation, Hashable {
    /// The remaining distance (points) below which the motion counts as finished.
    public static let stopDistance = 0.5

    /// Position at `t = 0`.
    public let startPosition: Double
    /// Velocity at `t = 0` (points per second).
    public let initialVelocity: Double
    /// Where the motion ends.
    public let finalPosition: Double
    /// The time constant τ in seconds (velocity falls by e each τ).
    public let timeConstant: Double
    /// Time at which less than `stopDistance` remains and the motion is done.
    public let duration: Double

    /// The WWDC projection: how far a fling of `velocity` (points per second) travels at `rate`.
    public static func projectedDistance(velocity: Double, rate: DecelerationRate) -> Double {
        let r = rate.clampedValue
        return velocity / 1000 * r / (1 - r)
    }

    /// A natural fling from `position` at `velocity` (points per second), travelling the WWDC projection.
    public init(position: Double, velocity: Double, rate: DecelerationRate) {
        let r = rate.clampedValue
        let distance = Self.projectedDistance(velocity: velocity, rate: rate)
        self.init(position: position, velocity: velocity, finalPosition: position + distance,
                  timeConstant: r / (1000 * (1 - r)))
    }

    /// A decay from `position` at `velocity` re-timed to end exactly on `target` (B-DEC-2).
    ///
    /// Returns nil when no such decay exists or it would be absurd: zero velocity, a target behind
    /// the direction of motion (or at the start), or a time constant above `maximumTimeConstant`
    /// seconds. Callers fall back to a spring then.
    public init?(position: Double, velocity: Double, target: Double, maximumTimeConstant: Double = 2) {
        guard position.isFinite, velocity.isFinite, target.isFinite, velocity != 0 else { return nil }
        let tau = (target - position) / velocity
        guard tau.isFinite, tau > 0, tau <= maximumTimeConstant else { return nil }
        self.init(position: position, velocity: velocity, finalPosition: target, timeConstant: tau)
    }

    private init(position: Double, velocity: Double, finalPosition: Double, timeConstant: Double) {
        startPosition = position
        initialVelocity = velocity
        self.finalPosition = finalPosition
        self.timeConstant = timeConstant
        let remaining = abs(finalPosition - position)
        duration = remaining > Self.stopDistance && timeConstant > 0
            ? timeConstant * log(remaining / Self.stopDistance)
            : 0
    }

    /// Total travel from the start to the final position.
    public var distance: Double { finalPosition - startPosition }

    public func position(at time: Double) -> Double {
        if isDone(at: time) { return finalPosition }
        let t = Swift.max(time, 0)
        return finalPosition - distance * exp(-t / timeConstant)
    }

    public func velocity(at time: Double) -> Double {
        if isDone(at: time) { return 0 }
        let t = Swift.max(time, 0)
        return initialVelocity * exp(-t / timeConstant)
    }

    public func isDone(at time: Double) -> Bool { !(time < duration) }
}

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A damped spring pulling a position to a target from an initial position and velocity (B-BNC-2).
///
/// Critically or over-damped only, so it crosses the target at most once and never oscillates
/// visibly. It is done when it is within `stopDistance` of the target and slower than
/// `stopVelocity`; from then on the position is the target exactly.
public struct SpringSimulation: Simulation, Hashable {
    /// Distance to the target (points) under which the spring may stop: one device pixel at @3x.
    public static let stopDistance = 1.0 / 3
    /// Speed (points per second) under which the spring may stop.
    public static let stopVelocity = 10.0

    /// The spring's parameters (damping ratio raised to at least 1).
    public let spring: SpringDescription
    /// Where the spring comes to rest.
    public let finalPosition: Double
    /// Position at `t = 0`.
    public let startPosition: Double
    /// Velocity at `t = 0` (points per second).
    public let initialVelocity: Double
    /// Distance to the target under which this spring may stop (default `SpringSimulation.stopDistance`).
    public let restDistance: Double
    /// Speed under which this spring may stop (default `SpringSimulation.stopVelocity`).
    public let restVelocity: Double

    // Displacement from the target: c1·e^(r1·t) + c2·e^(r2·t) (over-damped) or (c1 + c2·t)·e^(r1·t) (critical).
    private let r1: Double
    private let r2: Double
    private let c1: Double
    private let c2: Double
    private let isCritical: Bool

    /// Makes a spring from `position` moving at `velocity` towards rest at `target`.
    ///
    /// Non-finite inputs are replaced by the target (position) and zero (velocity), so the result is always finite.
    public init(spring: SpringDescription = .scrollBack, position: Double, velocity: Double, target: Double,
                stopDistance: Double = SpringSimulation.stopDistance,
                stopVelocity: Double = SpringSimulation.stopVelocity) {
        restDistance = stopDistance.isFinite && stopDistance > 0 ? stopDistance : Self.stopDistance
        restVelocity = stopVelocity.isFinite && stopVelocity > 0 ? stopVelocity : Self.stopVelocity
        let target = target.isFinite ? target : 0
        let x0 = position.isFinite ? position : target
        let v0 = velocity.isFinite ? velocity : 0
        let zeta = spring.dampingRatio.isFinite ? Swift.max(spring.dampingRatio, 1) : 1
        var description = spring
        description.dampingRatio = zeta
        self.spring = description
        finalPosition = target
        startPosition = x0
        initialVelocity = v0
        let omega = spring.naturalFrequency
        let d0 = x0 - target
        if zeta - 1 < 1e-6 {
            isCritical = true
            r1 = -omega
            r2 = -omega
            c1 = d0
            c2 = v0 + omega * d0
        } else {
            isCritical = false
            let root = (zeta * zeta - 1).squareRoot()
            r1 = -omega * (zeta - root)
            r2 = -omega * (zeta + root)
            c2 = (v0 - r1 * d0) / (r2 - r1)
            c1 = d0 - c2
        }
    }

    private func displacement(_ t: Double) -> Double {
        if isCritical { return (c1 + c2 * t) * exp(r1 * t) }
        return c1 * exp(r1 * t) + c2 * exp(r2 * t)
    }

    private func rawVelocity(_ t: Double) -> Double {
        if isCritical { return (c2 + r1 * (c1 + c2 * t)) * exp(r1 * t) }
        return c1 * r1 * exp(r1 * t) + c2 * r2 * exp(r2 * t)
    }

    public func position(at time: Double) -> Double {
        if isDone(at: time) { return finalPosition }
        // At the start, exactly where it was told (c1 + c2 can be an ulp off the displacement).
        return time > 0 ? finalPosition + displacement(time) : startPosition
    }

    public func velocity(at time: Double) -> Double {
        if isDone(at: time) { return 0 }
        return rawVelocity(Swift.max(time, 0))
    }

    public func isDone(at time: Double) -> Bool {
        let t = Swift.max(time, 0)
        let x = displacement(t), v = rawVelocity(t)
        // NaN comparisons are false, so a non-finite state counts as done (at the target).
        return !(abs(x) >= restDistance || abs(v) >= restVelocity)
    }
}

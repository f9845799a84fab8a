#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Flutter's `FrictionSimulation`: fluid drag, `v(t) = v₀·dragᵗ − c·t` (c a constant deceleration in the
/// direction of motion, 0 by default), stopping once the speed is under `stopVelocity`.
///
/// Ported from `packages/flutter/lib/src/physics/friction_simulation.dart`; checked against its tests
/// (`friction_simulation_test.dart`, `newton_test.dart`). Flutter's scroll position stops where the
/// simulation is when it reports done, so `finalPosition` is the position at that moment, not the
/// asymptote `finalX`.
public struct FrictionSimulation: Simulation, Hashable {
    /// The drag coefficient: the share of the velocity left after one second (0.135 for UIKit's 0.998).
    public let drag: Double
    /// Position at `t = 0`.
    public let startPosition: Double
    /// Velocity at `t = 0` (points per second).
    public let initialVelocity: Double
    /// Constant deceleration (points per second²) in the direction of motion.
    public let constantDeceleration: Double
    /// Speed under which the motion is done (Flutter's `tolerance.velocity`).
    public let stopVelocity: Double
    /// Time at which the motion is done.
    public let duration: Double
    /// Where it is then.
    public let finalPosition: Double

    /// A fling from `position` at `velocity`; `stopVelocity` is Flutter's velocity tolerance (its scroll
    /// physics use `1 / (0.05 × devicePixelRatio)`: 6.67 pt/s at @3x).
    public init(drag: Double, position: Double, velocity: Double, constantDeceleration: Double = 0,
                stopVelocity: Double = 1.0 / (0.05 * 3)) {
        self.drag = drag > 0 && drag < 1 ? drag : 0.135
        startPosition = position.isFinite ? position : 0
        initialVelocity = velocity.isFinite ? velocity : 0
        self.constantDeceleration = constantDeceleration.isFinite ? Swift.max(constantDeceleration, 0) : 0
        self.stopVelocity = stopVelocity.isFinite ? Swift.max(stopVelocity, 1e-9) : 1
        var end = Self.timeOfRest(drag: self.drag, velocity: initialVelocity, deceleration: self.constantDeceleration)
        // Done at the first time the speed is under the tolerance (the speed only falls until rest).
        let speed = abs(initialVelocity)
        if speed < self.stopVelocity {
            end = 0
        } else {
            var low = 0.0, high = end
            for _ in 0..<100 {
                let mid = (low + high) / 2
                if Self.speed(drag: self.drag, speed: speed, deceleration: self.constantDeceleration, at: mid)
                    < self.stopVelocity { high = mid } else { low = mid }
            }
            end = high
        }
        duration = end
        finalPosition = Self.position(startPosition, initialVelocity, self.drag, self.constantDeceleration, at: end)
    }

    /// When the speed reaches zero: never with drag alone (∞ is cut to when it is below 1e-9 pt/s).
    private static func timeOfRest(drag: Double, velocity: Double, deceleration: Double) -> Double {
        let speed = abs(velocity)
        guard speed > 0 else { return 0 }
        if deceleration == 0 { return log(1e-9 / speed) / log(drag) }
        // v₀·dragᵗ = c·t has one root; bisect (Flutter uses Newton's method from 0).
        var low = 0.0, high = speed / deceleration
        for _ in 0..<200 {
            let mid = (low + high) / 2
            if speed * pow(drag, mid) - deceleration * mid > 0 { low = mid } else { high = mid }
        }
        return high
    }

    private static func speed(drag: Double, speed: Double, deceleration: Double, at t: Double) -> Double {
        speed * pow(drag, t) - deceleration * t
    }

    private static func position(_ x0: Double, _ v0: Double, _ drag: Double, _ c: Double, at t: Double) -> Double {
        let signed = v0 < 0 ? -c : c
        return x0 + v0 * (pow(drag, t) - 1) / log(drag) - signed / 2 * t * t
    }

    /// The position where Flutter's `x(time)` puts it, without the stop (for its tests' values).
    public func unstoppedPosition(at time: Double) -> Double {
        Self.position(startPosition, initialVelocity, drag, constantDeceleration, at: Swift.max(time, 0))
    }

    public func position(at time: Double) -> Double {
        time >= duration ? finalPosition : unstoppedPosition(at: time)
    }

    public func velocity(at time: Double) -> Double {
        guard time < duration else { return 0 }
        let t = Swift.max(time, 0)
        let signed = initialVelocity < 0 ? -constantDeceleration : constantDeceleration
        return initialVelocity * pow(drag, t) - signed * t
    }

    public func isDone(at time: Double) -> Bool { time >= duration }

    /// When the unstopped motion passes `x`, nil if it never does (Flutter's `timeAtX` for drag alone).
    public func time(reaching x: Double) -> Double? {
        if x == startPosition { return 0 }
        let travel = x - startPosition
        guard initialVelocity != 0, (travel > 0) == (initialVelocity > 0) else { return nil }
        var low = 0.0, high = duration
        guard abs(unstoppedPosition(at: high) - startPosition) >= abs(travel) else { return nil }
        for _ in 0..<100 {
            let mid = (low + high) / 2
            if abs(unstoppedPosition(at: mid) - startPosition) < abs(travel) { low = mid } else { high = mid }
        }
        return high
    }
}

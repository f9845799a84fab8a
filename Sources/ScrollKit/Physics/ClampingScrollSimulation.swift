#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Flutter's `ClampingScrollSimulation`: its ballistic version of Android's spline fling, travelling the
/// same distance as Android for any velocity, a little sooner. `x(t) = x₀ + D·(1 − (1 − t/T)^r)`,
/// `v(t) = v₀·(1 − t/T)^(r−1)`, r = ln 0.78 / ln 0.9, T = r·0.35·(|v₀| / v_ref)^(1/(r−1)),
/// v_ref = friction·(0.84 g at 160 px per inch) / 0.35, D = v₀·T / r.
/// Ported from `packages/flutter/lib/src/widgets/scroll_simulation.dart`, checked against
/// `scroll_simulation_test.dart`.
public struct ClampingScrollSimulation: Simulation, Hashable {
    /// Android's `DECELERATION_RATE`: ln 0.78 / ln 0.9.
    public static let decelerationRate = log(0.78) / log(0.9)
    /// Android's `INFLEXION`.
    public static let inflexion = 0.35
    /// Android's `mPhysicalCoeff` at 160 dpi: 9.80665 m/s² × 39.37 in/m × 160 px/in × 0.84, px/s².
    public static let physicalCoefficient = 9.80665 * 39.37 * 160.0 * 0.84

    /// Position at `t = 0`.
    public let startPosition: Double
    /// Velocity at `t = 0` (points per second).
    public let initialVelocity: Double
    /// Android's `mFlingFriction` (`ViewConfiguration.getScrollFriction()`: 0.015).
    public let friction: Double
    /// The fling's duration, seconds.
    public let duration: Double
    /// The signed distance travelled.
    public let distance: Double

    /// A fling from `position` at `velocity` (points per second).
    public init(position: Double, velocity: Double, friction: Double = 0.015) {
        startPosition = position.isFinite ? position : 0
        initialVelocity = velocity.isFinite ? velocity : 0
        self.friction = friction > 0 && friction.isFinite ? friction : 0.015
        let r = Self.decelerationRate
        let reference = self.friction * Self.physicalCoefficient / Self.inflexion
        let android = pow(abs(initialVelocity) / reference, 1 / (r - 1))
        duration = initialVelocity == 0 ? 0 : r * Self.inflexion * android
        distance = initialVelocity * duration / r
    }

    public var finalPosition: Double { startPosition + distance }

    private func progress(_ time: Double) -> Double {
        duration > 0 ? Swift.min(Swift.max(time / duration, 0), 1) : 1
    }

    public func position(at time: Double) -> Double {
        if time >= duration { return finalPosition }
        return startPosition + distance * (1 - pow(1 - progress(time), Self.decelerationRate))
    }

    public func velocity(at time: Double) -> Double {
        if time >= duration { return 0 }
        return initialVelocity * pow(1 - progress(time), Self.decelerationRate - 1)
    }

    public func isDone(at time: Double) -> Bool { time >= duration }
}
